import { renderToStaticMarkup } from 'react-dom/server';
import { pageTranslator } from '../../../client/i18n/pageTexts';
import { columnPath } from '../../../shared/column';
import { htmlLang, textLocale, type Locale } from '../../../shared/locale';
import type { NewsletterTextKey } from '../../newsletter/texts';
import { NEWSLETTER_TEXTS } from '../../newsletter/texts';

export interface LinkPage {
  locale: Locale;
  siteName: string;
  /** Null for a link that is not valid. */
  author: string | null;
  email: string;
  /** What the page says. */
  text: NewsletterTextKey;
  /** The button that does what the link is for (POST to the same address), or none when done. */
  button: { label: NewsletterTextKey; id: string } | null;
}

/** The small page a newsletter link opens (server/web/newsletterLinks.ts): no sign-in, no script. */
export function linkPageHtml(page: LinkPage): string {
  const t = pageTranslator(NEWSLETTER_TEXTS, textLocale(page.locale), page.siteName);
  const author = page.author ?? '';
  const params = { author, email: page.email };
  const title = page.author === null ? page.siteName : t('page.confirmTitle', params);
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={htmlLang(page.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, font: '16px/1.6 system-ui,sans-serif', color: '#333', background: '#fff' }}>
        <main style={{ maxWidth: '30em', margin: '0 auto', padding: '15vh 20px', textAlign: 'center', overflowWrap: 'anywhere' }}>
          <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{title}</h1>
          <p id="newsletter-message">{t(page.text, params)}</p>
          {page.button && (
            <form method="post">
              <button
                type="submit"
                id={page.button.id}
                style={{ font: 'inherit', padding: '10px 24px', border: 0, borderRadius: 4, background: '#c0392b', color: '#fff', cursor: 'pointer' }}
              >
                {t(page.button.label, params)}
              </button>
            </form>
          )}
          {page.author !== null && (
            <p style={{ marginTop: 32 }}>
              <a href={columnPath(page.author)} style={{ color: '#c0392b' }}>
                {t('page.toColumn', params)}
              </a>
            </p>
          )}
        </main>
      </body>
    </html>,
  )}`;
}
