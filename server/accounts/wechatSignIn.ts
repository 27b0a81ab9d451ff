import { Router } from 'express';
import { escapeHtml } from '../../shared/escapeHtml';
import { textLocale, htmlLang, type Locale } from '../../shared/locale';
import { safeNextPath } from '../../shared/safeNext';
import { CATALOGUES } from '../render/catalogues';
import { translate } from '../../client/i18n/translate';

/** The chat-app sign-in navigations of seed 000 §7: full page, and the QR code inside a 300x450 frame. */
export const WECHAT_SIGN_IN_PATHS = ['/accounts/login/weixin/', '/accounts/login/wechatweb/', '/accounts/login/wechat_payment/'] as const;

/**
 * Without WeChat credentials (this build has none to set), each navigation answers a short page
 * that says chat-app sign-in is not configured, with a way back to `next` (same origin only).
 */
export function wechatSignInPages(options: { siteName: string }): Router {
  const router = Router();
  for (const path of WECHAT_SIGN_IN_PATHS) {
    router.get([path, path.slice(0, -1)], (req, res) => {
      const locale = res.locals.locale as Locale;
      const next = safeNextPath(typeof req.query.next === 'string' ? req.query.next : null);
      const framed = path === '/accounts/login/wechatweb/';
      res
        .status(200)
        .set('Cache-Control', 'no-store')
        .set('X-Robots-Tag', 'noindex')
        .type('html')
        .send(notConfiguredPage({ locale, siteName: options.siteName, next, framed }));
    });
  }
  return router;
}

function notConfiguredPage(page: { locale: Locale; siteName: string; next: string; framed: boolean }): string {
  const catalogue = CATALOGUES[textLocale(page.locale)];
  const t = (key: 'wechatPage.title' | 'wechatPage.text' | 'wechatPage.back') => escapeHtml(translate(catalogue, key, { site: page.siteName }));
  // Inside the overlay's frame the way back is the overlay's own mail tab, so no link is shown there.
  const back = page.framed ? '' : `<p><a href="${escapeHtml(page.next)}" style="color:#c0392b">${t('wechatPage.back')}</a></p>`;
  return `<!doctype html>
<html lang="${escapeHtml(htmlLang(page.locale))}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('wechatPage.title')}</title></head>
<body style="margin:0;font:15px/1.6 system-ui,sans-serif;color:#333;background:#fff">
<main style="max-width:28em;margin:0 auto;padding:${page.framed ? '40px 20px' : '15vh 20px'};text-align:center">
<h1 style="font-size:18px;margin:0 0 12px">${t('wechatPage.title')}</h1>
<p id="wechat-not-configured">${t('wechatPage.text')}</p>
${back}
</main>
</body>
</html>
`;
}
