import type { ArticleDetail, BookletDetail, BookletItemDetail } from '../../shared/entities';
import {
  articlePath,
  bookletPath,
  canonicalPathname,
  chapterPath,
  columnFeedPath,
  PAYWALL_SELECTOR,
  plainTextExcerpt,
  type PageMeta,
} from '../../shared/seoMeta';
import { guessLanguage } from '../../shared/contentLanguage';
import type { ColumnOwner } from '../api/columns';
import type { EnvStore } from '../stores/EnvStore';
import type { PageRequest } from './pageModules';

/**
 * What the page loaders tell search engines and link previews about their page
 * (`stores.ui.setPageMeta(...)`); the server writes it into the head.
 */

/** An article page: schema.org Article by its author; described by its own summary or its opening. */
export function articlePageMeta(request: PageRequest, article: ArticleDetail, env: Pick<EnvStore, 't'>): PageMeta {
  // A locked paid chapter comes without its content; nothing about it is derived from what is sold.
  const locked = article.paywall ?? null;
  const description = locked ? '' : article.description.trim() || plainTextExcerpt(article.content);
  // Without a cover, the first picture of the text stands for the article (never a locked chapter's).
  const image = article.cover_url || (locked ? null : firstImageOf(article.content));
  const canonicalPath = locked ? chapterPath(locked.booklet.slug, locked.chapter) : articlePath(article.slug);
  const title = article.title.trim() || env.t('screen.article.title');
  return {
    path: new URL(request.url).pathname,
    title,
    ...(description ? { description } : {}),
    // Paid content is known by its chapter URL, where it is sold (decision 008).
    canonicalPath,
    ...(image ? { image } : {}),
    type: 'article',
    published: article.created,
    modified: article.modified,
    author: { name: article.author.username, path: article.author.column, ...(article.author.avatar ? { image: article.author.avatar } : {}) },
    language: article.language,
    structured: locked
      ? {
          type: 'Article',
          paywall: { cssSelector: PAYWALL_SELECTOR },
          partOf: { name: locked.booklet.name, path: bookletPath(locked.booklet.slug) },
        }
      : { type: 'Article' },
    breadcrumbs: [
      { name: article.author.username, path: article.author.column },
      ...(locked ? [{ name: locked.booklet.name, path: bookletPath(locked.booklet.slug) }] : []),
      { name: title, path: canonicalPath },
    ],
  };
}

/** The address of the first image of an article's HTML, or null. */
export function firstImageOf(html: string): string | null {
  return /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(html)?.[1] ?? null;
}

/** A column page (any tab): the author's profile, with their RSS feed. */
export function columnPageMeta(request: PageRequest, owner: ColumnOwner, env: Pick<EnvStore, 't'>): PageMeta {
  const pathname = new URL(request.url).pathname;
  const tab = /\/(articles|collections)\/?$/.exec(pathname)?.[1];
  const name = owner.username;
  return {
    path: pathname,
    title: env.t('screen.column.intro', { name }),
    description: owner.description.trim() || env.t('seo.column.description', { name }),
    canonicalPath: canonicalPathname(tab ? `${owner.column}${tab}` : owner.column),
    ...(owner.avatar ? { image: owner.avatar } : {}),
    type: 'profile',
    author: {
      name,
      path: owner.column,
      ...(owner.avatar ? { image: owner.avatar } : {}),
      ...(owner.description ? { description: owner.description } : {}),
    },
    feed: { title: env.t('seo.column.feed', { name }), path: columnFeedPath(name) },
    structured: { type: 'ProfilePage' },
    breadcrumbs: [{ name, path: canonicalPathname(owner.column) }],
  };
}

/** A booklet's overview: schema.org Book by its owner. */
export function bookletPageMeta(request: PageRequest, booklet: BookletDetail): PageMeta {
  const description = booklet.description.trim() || booklet.heading.trim();
  const owner = booklet.owner;
  return {
    path: new URL(request.url).pathname,
    title: booklet.name,
    ...(description ? { description } : {}),
    canonicalPath: bookletPath(booklet.slug),
    ...(booklet.cover ? { image: booklet.cover } : {}),
    type: 'book',
    published: booklet.created,
    modified: booklet.modified,
    author: { name: owner.username, path: owner.column, ...(owner.avatar ? { image: owner.avatar } : {}) },
    // The booklet's own words decide its language, not the reader's interface.
    language: guessLanguage(`${booklet.name} ${booklet.heading} ${booklet.description}`),
    structured: {
      type: 'Book',
      ...(booklet.payment.price.amount_cents > 0
        ? { price: { amountCents: booklet.payment.price.amount_cents, currency: booklet.payment.price.currency } }
        : {}),
    },
    breadcrumbs: [
      { name: owner.username, path: owner.column },
      { name: booklet.name, path: bookletPath(booklet.slug) },
    ],
  };
}

/**
 * A chapter (or directory) of a booklet. A free chapter's content lives at its article's
 * URL, which is canonical; a paid chapter is known by its chapter URL and, locked, marks
 * the purchase prompt as the part not accessible for free and takes nothing from its content.
 */
export function chapterPageMeta(
  request: PageRequest,
  booklet: Pick<BookletDetail, 'slug' | 'name' | 'owner'>,
  item: BookletItemDetail,
  env: Pick<EnvStore, 't'>,
): PageMeta {
  const path = new URL(request.url).pathname;
  const own = chapterPath(booklet.slug, item.slug);
  const partOf = { name: booklet.name, path: bookletPath(booklet.slug) };
  const breadcrumbs = [{ name: booklet.owner.username, path: booklet.owner.column }, partOf, { name: item.title || booklet.name, path: own }];
  const article = item.detail;
  if (!article) {
    return { path, title: item.title || booklet.name, canonicalPath: own, type: 'website', structured: { type: 'WebPage' }, breadcrumbs };
  }
  const base = articlePageMeta(request, article, env);
  const paid = item.sales_mode === 'payment_required';
  const locked = item.locked || !!article.paywall;
  return {
    ...base,
    ...(locked ? { description: undefined } : {}),
    canonicalPath: paid ? own : articlePath(article.slug),
    structured: { type: 'Article', partOf, ...(locked ? { paywall: { cssSelector: PAYWALL_SELECTOR } } : {}) },
    breadcrumbs,
  };
}
