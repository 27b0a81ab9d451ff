import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MessageKey } from '../../../client/i18n/en';
import { translate } from '../../../client/i18n/translate';
import { htmlLang, textLocale, type Locale } from '../../../shared/locale';
import { CATALOGUES } from '../../render/catalogues';

export interface WechatMessage {
  locale: Locale;
  siteName: string;
  /** What the page says: not configured, or how the sign-in ended. */
  text: MessageKey;
  /** Where the link back leads; null inside the overlay's QR frame, where no link is shown. */
  back: string | null;
}

/** The short page of server/web/wechatSignIn.ts: chat-app sign-in is not configured, or why it did not go through. */
export function wechatMessageHtml(page: WechatMessage): string {
  const locale = textLocale(page.locale);
  const t = (key: MessageKey) => translate(CATALOGUES[locale], locale, key, { site: page.siteName });
  return documentHtml(
    <html lang={htmlLang(page.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{t('wechatPage.title')}</title>
      </head>
      <body style={{ margin: 0, font: '15px/1.6 system-ui,sans-serif', color: '#333', background: '#fff' }}>
        <main style={{ maxWidth: '28em', margin: '0 auto', padding: page.back === null ? '40px 20px' : '15vh 20px', textAlign: 'center' }}>
          <h1 style={{ fontSize: 18, margin: '0 0 12px' }}>{t('wechatPage.title')}</h1>
          <p id={page.text === 'wechatPage.text' ? 'wechat-not-configured' : 'wechat-message'}>{t(page.text)}</p>
          {/* Inside the overlay's frame the way back is the overlay's own mail tab, so no link is shown there. */}
          {page.back !== null && (
            <p>
              <a href={page.back} style={{ color: '#c0392b' }}>
                {t('wechatPage.back')}
              </a>
            </p>
          )}
        </main>
      </body>
    </html>,
  );
}

export interface WechatContinue {
  locale: Locale;
  /** Where the whole page goes: a same-origin path (safeNextPath). */
  next: string;
  /** The response's CSP nonce (res.locals.nonce), '' when there is none. */
  nonce: string;
}

/** Signed in from inside the overlay's QR frame: the top page goes to `next`, with a link should the script not run. */
export function wechatContinueHtml(page: WechatContinue): string {
  const locale = textLocale(page.locale);
  // A JSON string literal with `<` escaped cannot close the script element.
  const target = JSON.stringify(page.next).replace(/</g, '\\u003c');
  return documentHtml(
    <html lang={htmlLang(page.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="robots" content="noindex" />
      </head>
      <body>
        <p style={{ textAlign: 'center', font: '15px system-ui,sans-serif' }}>
          <a id="wechat-continue" target="_top" href={page.next}>
            {translate(CATALOGUES[locale], locale, 'wechatPage.continue')}
          </a>
        </p>
        <script nonce={page.nonce} dangerouslySetInnerHTML={{ __html: `top.location.replace(${target});` }} />
      </body>
    </html>,
  );
}

function documentHtml(document: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
