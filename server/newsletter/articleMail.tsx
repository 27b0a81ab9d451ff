import type { Kysely } from 'kysely';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageTranslator } from '../../client/i18n/pageTexts';
import { columnPath } from '../../shared/column';
import type { TextLocale } from '../../shared/locale';
import { articlePath, plainTextExcerpt } from '../../shared/seoMeta';
import type { DB } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { paidChapterArticleIds } from '../content/paywall';
import { readerHtml } from '../content/readerHtml';
import { NEWSLETTER_TEXTS } from './texts';

/** What a newsletter mail shows of an article, read once per batch. */
export interface MailArticle {
  title: string;
  author: string;
  /** The article page, absolute. */
  url: string;
  columnUrl: string;
  /** The article's HTML with absolute links, or null for a paid booklet chapter: its text never goes out by mail. */
  html: string | null;
}

/** The article as its mail shows it, or null when it is no longer public (it goes out to nobody then). */
export async function mailArticle(db: Kysely<DB>, articleId: number, origin: string): Promise<MailArticle | null> {
  const row = await db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .select([
      'articles.id',
      'articles.slug',
      'articles.title',
      'articles.content',
      'articles.content_rules',
      'articles.visibility',
      'articles.moderation',
      'articles.trashed',
      'users.username',
    ])
    .where('articles.id', '=', articleId)
    .executeTakeFirst();
  if (!row || row.visibility !== 'public' || row.moderation !== 'none' || Number(row.trashed) === 1) return null;
  // Asked when the mail goes, not when it was queued: an article sold in a booklet since is sold in mail too.
  const paid = (await paidChapterArticleIds(db, [row.id])).has(row.id);
  const html = paid ? null : absoluteLinks(await readerHtml(db, { id: row.id, content: row.content, content_rules: row.content_rules }), origin);
  return { title: row.title, author: row.username, url: `${origin}${articlePath(row.slug)}`, columnUrl: `${origin}${columnPath(row.username)}`, html };
}

export interface MailTo {
  email: string;
  locale: TextLocale;
  /** The one-click unsubscribe URL (RFC 8058), absolute. */
  unsubscribeUrl: string;
}

/** Stands for the unsubscribe URL in a template: no article text can hold it (a URL never has spaces). */
const UNSUBSCRIBE_SLOT = 'https://unsubscribe.invalid/%20slot%20';

/** One article's mail in one language, rendered once and filled in per address (rendering is most of a mail's cost). */
export type MailTemplate = (to: MailTo) => MailMessage;

export function articleMailTemplate(article: MailArticle, locale: TextLocale, siteName: string): MailTemplate {
  const made = articleMail(article, { email: '', locale, unsubscribeUrl: UNSUBSCRIBE_SLOT }, siteName);
  const [textHead, textTail] = splitAtSlot(made.text);
  const [htmlHead, htmlTail] = splitAtSlot(made.html ?? '');
  return (to) => ({
    to: to.email,
    subject: made.subject,
    text: `${textHead}${to.unsubscribeUrl}${textTail}`,
    html: `${htmlHead}${escapeAttribute(to.unsubscribeUrl)}${htmlTail}`,
    headers: { 'List-Unsubscribe': `<${to.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

function splitAtSlot(text: string): [string, string] {
  const at = text.lastIndexOf(UNSUBSCRIBE_SLOT);
  if (at === -1 || text.indexOf(UNSUBSCRIBE_SLOT) !== at) throw new Error('a mail template holds its unsubscribe slot once');
  return [text.slice(0, at), text.slice(at + UNSUBSCRIBE_SLOT.length)];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The article's mail to one address: HTML and plain text in the reader's language, with List-Unsubscribe. */
export function articleMail(article: MailArticle, to: MailTo, siteName: string): MailMessage {
  const t = pageTranslator(NEWSLETTER_TEXTS, to.locale, siteName);
  const author = article.author;
  const text = [
    t('mail.intro', { author }),
    '',
    article.title,
    '',
    article.html === null ? t('mail.paidChapter') : htmlToText(article.html),
    '',
    `${t('mail.readOnSite')}: ${article.url}`,
    '',
    '--',
    t('mail.why', { author }),
    `${t('mail.unsubscribe', { author })}: ${to.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html =
    '<!doctype html>' +
    renderToStaticMarkup(
      <html lang={to.locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width,initial-scale=1" />
          <title>{article.title}</title>
        </head>
        <body style={{ margin: 0, padding: 0, background: '#f6f6f6' }}>
          <div
            style={{
              maxWidth: 640,
              margin: '0 auto',
              padding: '24px 20px',
              background: '#fff',
              color: '#333',
              font: '16px/1.7 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif',
            }}
          >
            <p style={{ margin: '0 0 8px', color: '#888', fontSize: 14 }}>
              <a href={article.columnUrl} style={{ color: '#888' }}>
                {t('mail.intro', { author })}
              </a>
            </p>
            <h1 style={{ fontSize: 26, lineHeight: 1.3, margin: '0 0 20px' }}>
              <a href={article.url} style={{ color: '#222', textDecoration: 'none' }}>
                {article.title}
              </a>
            </h1>
            {article.html === null ? <p>{t('mail.paidChapter')}</p> : <div className="article" dangerouslySetInnerHTML={{ __html: article.html }} />}
            <p style={{ margin: '28px 0' }}>
              <a
                href={article.url}
                style={{ display: 'inline-block', padding: '10px 18px', background: '#c0392b', color: '#fff', borderRadius: 4, textDecoration: 'none' }}
              >
                {t('mail.readOnSite')}
              </a>
            </p>
            <hr style={{ border: 0, borderTop: '1px solid #eee' }} />
            <p style={{ fontSize: 13, color: '#888' }}>
              {t('mail.why', { author })}{' '}
              <a href={to.unsubscribeUrl} style={{ color: '#888' }}>
                {t('mail.unsubscribe', { author })}
              </a>
            </p>
          </div>
        </body>
      </html>,
    );
  return {
    to: to.email,
    subject: `${article.title} · ${author}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${to.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div|figure|figcaption|tr|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The article's text for the plain part: a paragraph a block, links written out. */
export function htmlToText(html: string): string {
  const withLinks = html.replace(
    /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_whole, href: string, inner: string) => `${inner} (${href.replace(/&amp;/g, '&')})`,
  );
  const withItems = withLinks.replace(/<li\b[^>]*>/gi, '\n- ');
  return withItems
    .split(BLOCK_END)
    .filter((part): part is string => typeof part === 'string' && !/^(p|h[1-6]|li|blockquote|pre|div|figure|figcaption|tr|table|ul|ol)$/i.test(part))
    .map((part) => plainTextExcerpt(part, Number.MAX_SAFE_INTEGER))
    .filter((part) => part !== '')
    .join('\n\n');
}

/** Site-relative links and images point at the site from a mail. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}
