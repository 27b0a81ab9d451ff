import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { Locale } from '../../shared/locale';
import { safeNextPath } from '../../shared/safeNext';
import type { MessageKey } from '../../client/i18n/en';
import { authenticate } from '../api/auth';
import { openSession, signOut } from '../accounts/accounts';
import { issueCsrfCookie, setSessionCookie } from '../api/cookies';
import type { WechatApp, WechatConfig } from '../config';
import type { DB } from '../db/schema';
import { siteOriginFor } from '../seo/origin';
import { resolveWechatIdentity } from '../wechat/identities';
import { authorizeUrl } from '../wechat/authorizeUrl';
import { issueState, STATE_TTL_MS, stateKey, verifyState, type WechatAppKind } from '../wechat/signInState';
import { WechatApi, WechatUpstreamError } from '../wechat/wechatApi';
import { wechatContinueHtml, wechatMessageHtml, type WechatMessage } from './wechatSignIn/documents';

/** The chat-app sign-in navigations of docs/specification/shell.md §7: full page, and the QR code inside a 300x450 frame. */
export const WECHAT_SIGN_IN_PATHS = ['/accounts/login/weixin/', '/accounts/login/wechatweb/', '/accounts/login/wechat_payment/'] as const;
export const WECHAT_CALLBACK_PATH = '/accounts/login/wechat/callback/';
const STATE_COOKIE = 'wechat_state';
const NEXT_MAX = 2000;

export interface WechatSignInDeps {
  siteName: string;
  wechat: WechatConfig;
  publicOrigin: string | undefined;
  secure: boolean;
  /** Absent in proxy mode: then only the not-configured pages exist. */
  db?: Kysely<DB>;
  now: () => number;
}

/** Which app each navigation uses: the QR code is the open platform's web app, the others the official account's. */
const APP_OF: Record<(typeof WECHAT_SIGN_IN_PATHS)[number], WechatAppKind> = {
  '/accounts/login/weixin/': 'mp',
  '/accounts/login/wechatweb/': 'web',
  '/accounts/login/wechat_payment/': 'mp',
};

/**
 * With the app's credentials, each navigation redirects to WeChat's authorisation and the
 * callback signs in, or links the signed-in account (docs/decisions/017). Without them, a short
 * page says chat-app sign-in is not configured, with a way back to `next` (same origin only).
 */
export function wechatSignInPages(deps: WechatSignInDeps): Router {
  const router = Router();
  const key = stateKey([deps.wechat.web?.secret ?? '', deps.wechat.mp?.secret ?? '']);
  const api = new WechatApi(deps.wechat.apiBase, deps.wechat.timeoutMs);

  for (const path of WECHAT_SIGN_IN_PATHS) {
    router.get([path, path.slice(0, -1)], (req, res) => {
      const locale = res.locals.locale;
      const next = nextOf(req);
      const kind = APP_OF[path];
      const app = deps.wechat[kind];
      if (!app || !deps.db) {
        const framed = path === '/accounts/login/wechatweb/';
        sendPage(res, 200, { locale, siteName: deps.siteName, text: 'wechatPage.text', back: framed ? null : next });
        return;
      }
      // The payment sign-in comes back with the payer's open id (docs/decisions/037).
      const issued = issueState(key, kind, next, deps.now(), path === '/accounts/login/wechat_payment/' ? 'payment' : 'sign-in');
      res.cookie(STATE_COOKIE, issued.cookie, { path: '/accounts/login/', httpOnly: true, sameSite: 'lax', secure: deps.secure, maxAge: STATE_TTL_MS });
      res
        .set('Cache-Control', 'no-store')
        .redirect(302, authorizeUrl(deps.wechat.openBase, kind, app, `${siteOriginFor(deps.publicOrigin, req)}${WECHAT_CALLBACK_PATH}`, issued.state));
    });
  }

  const db = deps.db;
  if (!db) return router;
  router.get([WECHAT_CALLBACK_PATH, WECHAT_CALLBACK_PATH.slice(0, -1)], authenticate(db, deps.now), async (req, res, next) => {
    try {
      await callback(db, req, res);
    } catch (error) {
      next(error);
    }
  });

  async function callback(db: Kysely<DB>, req: Request, res: Response): Promise<void> {
    const locale = res.locals.locale;
    const page = (status: number, text: MessageKey, back: string | null) => sendPage(res, status, { locale, siteName: deps.siteName, text, back });
    const cookies = req.cookies as Record<string, unknown>;
    const cookie = typeof cookies[STATE_COOKIE] === 'string' ? cookies[STATE_COOKIE] : undefined;
    res.clearCookie(STATE_COOKIE, { path: '/accounts/login/', httpOnly: true, sameSite: 'lax', secure: deps.secure });
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    const verified = verifyState(key, state, cookie, deps.now());
    if (!verified) return page(400, 'wechatPage.failed', '/');
    const next = safeNextPath(verified.next);
    const app: WechatApp | undefined = deps.wechat[verified.app];
    if (!app) return page(200, 'wechatPage.text', next);
    const code = typeof req.query.code === 'string' && /^[\w-]{1,256}$/.test(req.query.code) ? req.query.code : null;
    // No code: the reader declined on WeChat's page.
    if (!code) return page(400, 'wechatPage.failed', next);

    let token;
    try {
      token = await api.exchangeCode(app, code);
    } catch (error) {
      if (!(error instanceof WechatUpstreamError)) throw error;
      req.log.warn({ err: error }, 'WeChat code exchange failed');
      return page(502, 'wechatPage.unavailable', next);
    }
    const signedIn = req.auth?.user ?? null;
    const outcome = await resolveWechatIdentity({ db, now: deps.now }, verified.app, token, signedIn);
    // The payment sign-in hands back the open id now stored with the account's WeChat identity, as the sandbox's does (decision 025).
    const back = verified.payment ? withPaymentIdentity(next, token.openid, app.appId) : next;
    switch (outcome.kind) {
      case 'unlinked':
        return page(200, 'wechatPage.unlinked', next);
      case 'refused':
        return page(403, 'wechatPage.refused', next);
      case 'taken':
        return page(409, 'wechatPage.taken', next);
      case 'linked':
        return finish(req, res, back, locale);
      case 'account': {
        // As mail sign-in: the old session ends, a new one starts, and the CSRF token turns over.
        await signOut({ db, now: deps.now }, req.auth?.sessionHash ?? null);
        setSessionCookie(res, await openSession({ db, now: deps.now }, outcome.user.id), deps.secure);
        issueCsrfCookie(res, deps.secure);
        return finish(req, res, back, locale);
      }
    }
  }

  /** To next; from inside the overlay's QR frame, the whole page goes there instead of the frame. */
  function finish(req: Request, res: Response, next: string, locale: Locale): void {
    res.set('Cache-Control', 'no-store');
    if (req.get('sec-fetch-dest') !== 'iframe') {
      res.redirect(302, next);
      return;
    }
    const nonce = typeof res.locals.nonce === 'string' ? res.locals.nonce : '';
    res.status(200).type('html').send(wechatContinueHtml({ locale, next, nonce }));
  }

  return router;
}

/** `next` with the payer's `openid` and `app_id` in its query (client/payments/browserPlatform.ts reads them). */
function withPaymentIdentity(next: string, openid: string, appId: string): string {
  const url = new URL(next, 'http://same.origin');
  url.searchParams.set('openid', openid);
  url.searchParams.set('app_id', appId);
  return url.pathname + url.search + url.hash;
}

function nextOf(req: Request): string {
  const next = safeNextPath(typeof req.query.next === 'string' ? req.query.next : null);
  return next.length > NEXT_MAX ? '/' : next;
}

function sendPage(res: Response, status: number, page: WechatMessage): void {
  res.status(status).set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex').type('html').send(wechatMessageHtml(page));
}
