import express, { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { safeNextPath, sameOriginPath } from '../../shared/safeNext';
import { authenticate } from '../api/auth';
import { CSRF_COOKIE } from '../api/cookies';
import { ApiError } from '../api/errors';
import { secretsEqual } from '../security/secrets';
import type { DB } from '../db/schema';
import { siteOriginFor } from '../seo/origin';
import { acceptSandboxCallback, makeCallback, sandboxSecret } from '../payments/sandbox';
import { orderItemName, payersSandboxOrder } from '../payments/sandboxOrder';
import { sandboxOpenId } from '../payments/withdrawals';
import { sandboxCheckoutHtml, sandboxMissingOrderHtml } from './sandboxCheckout/document';
import { textsFor } from './sandboxCheckout/texts';

export interface SandboxPagesDeps {
  db: Kysely<DB>;
  now: () => number;
  dataDir: string;
  publicOrigin?: string;
  /** PAYMENTS_SANDBOX: without it neither page exists. */
  enabled: boolean;
  /** With the official account configured the real payment login answers instead. */
  wechatPaymentLogin: boolean;
}

const CHECKOUT = '/payments/sandbox/checkout/:ref';

/**
 * The sandbox provider's pages (docs/decisions/025): a checkout where the payer confirms or
 * fails, which then takes the signed-callback path a real provider's notification takes; and
 * the payment login, which hands back a sandbox open id. Only HTTP here (docs/decisions/077):
 * the orders and the signed callback are server/payments/'s. Its CSRF refusal is an ApiError,
 * and the DomainErrors of acceptSandboxCallback() are answered by errorHandler().
 */
export function sandboxPages(deps: SandboxPagesDeps): Router {
  const router = Router();
  if (!deps.enabled) return router;
  const signedIn = authenticate(deps.db, deps.now);
  router.get(CHECKOUT, signedIn, async (req, res) => {
    const order = await payersSandboxOrder(deps.db, req.auth?.user?.id, String(req.params.ref));
    const t = textsFor(res);
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
    if (!order) {
      res.status(404).type('html').send(sandboxMissingOrderHtml(t));
      return;
    }
    const csrf = csrfOf(req) || issuedCsrf(res);
    const returnUrl = typeof req.query.return_url === 'string' ? req.query.return_url : '';
    const item = await orderItemName(deps.db, order.type, order.identity);
    res
      .type('html')
      .send(sandboxCheckoutHtml(t, { ref: order.ref, item, amountCents: Number(order.amount_cents), paid: order.status === 'paid', csrf, returnUrl }));
  });
  router.post(CHECKOUT, signedIn, express.urlencoded({ extended: false, limit: '8kb' }), async (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof form.csrfmiddlewaretoken === 'string' ? form.csrfmiddlewaretoken : '';
    const cookie = csrfOf(req);
    if (!cookie || !secretsEqual(token, cookie)) throw ApiError.detail(403, 'CSRF Failed: CSRF token incorrect.');
    if (!(await payersSandboxOrder(deps.db, req.auth?.user?.id, String(req.params.ref)))) {
      res
        .status(404)
        .type('html')
        .send(sandboxMissingOrderHtml(textsFor(res)));
      return;
    }
    const result = form.result === 'paid' ? 'paid' : 'failed';
    const callback = makeCallback(await sandboxSecret(deps.dataDir), String(req.params.ref), result, deps.now());
    await acceptSandboxCallback(deps.db, await sandboxSecret(deps.dataDir), callback, deps.now());
    const origin = siteOriginFor(deps.publicOrigin, req);
    const back = sameOriginPath(typeof form.return_url === 'string' ? form.return_url : undefined, origin);
    res.redirect(303, back);
  });
  if (!deps.wechatPaymentLogin) {
    router.get(['/accounts/login/wechat_payment/', '/accounts/login/wechat_payment'], signedIn, (req, res) => {
      const next = safeNextPath(typeof req.query.next === 'string' ? req.query.next : undefined);
      const url = new URL(next, 'http://same.origin');
      url.searchParams.set('openid', sandboxOpenId(req.auth?.user?.id ?? 0));
      res.set('Cache-Control', 'no-store').redirect(302, url.pathname + url.search + url.hash);
    });
  }
  return router;
}

function csrfOf(req: Request): string {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const value = cookies?.[CSRF_COOKIE];
  return typeof value === 'string' ? value : '';
}

/** A first visit has no cookie yet: the token the page middleware just set for this response. */
function issuedCsrf(res: Response): string {
  const header = res.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const issued = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return issued ? (issued.slice(CSRF_COOKIE.length + 1).split(';')[0] ?? '') : '';
}
