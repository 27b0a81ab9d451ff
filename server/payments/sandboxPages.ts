import express, { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { Locale } from '../../shared/locale';
import { safeNextPath, sameOriginPath } from '../../shared/safeNext';
import { authenticate } from '../api/auth';
import { CSRF_COOKIE } from '../api/cookies';
import { ApiError } from '../api/errors';
import { secretsEqual } from '../security/secrets';
import type { DB } from '../db/schema';
import { siteOriginFor } from '../seo/origin';
import { acceptSandboxCallback, makeCallback, sandboxSecret } from './sandbox';
import { sandboxCheckoutHtml, sandboxMissingOrderHtml, type SandboxTexts } from './sandboxCheckoutDocument';
import { sandboxOpenId } from './withdrawals';

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

const TEXTS: Record<'en' | 'zh-CN' | 'zh-TW', SandboxTexts> = {
  en: {
    item: 'For',
    title: 'Sandbox checkout',
    note: 'Test payment: no money moves.',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail',
    paid: 'This order is paid.',
    missing: 'No such order.',
  },
  'zh-CN': {
    item: '商品',
    title: '沙箱收银台',
    note: '测试支付：不会扣款。',
    order: '订单',
    amount: '金额',
    pay: '支付',
    fail: '支付失败',
    paid: '该订单已支付。',
    missing: '订单不存在。',
  },
  'zh-TW': {
    item: '商品',
    title: '沙箱收銀台',
    note: '測試支付：不會扣款。',
    order: '訂單',
    amount: '金額',
    pay: '支付',
    fail: '支付失敗',
    paid: '該訂單已支付。',
    missing: '訂單不存在。',
  },
};

const CHECKOUT = '/payments/sandbox/checkout/:ref';

/**
 * The sandbox provider's pages (docs/decisions/025): a checkout where the payer confirms or
 * fails, which then takes the signed-callback path a real provider's notification takes; and
 * the payment login, which hands back a sandbox open id. The one file of server/payments in
 * HTTP terms (pages beside their domain, as server/seo/routes.ts; the route inventory of
 * tests/http/badInput.test.ts reads routers outside server/api/): its CSRF refusal is an
 * ApiError, and the DomainErrors of acceptSandboxCallback() are answered by errorHandler().
 */
export function sandboxPages(deps: SandboxPagesDeps): Router {
  const router = Router();
  if (!deps.enabled) return router;
  const signedIn = authenticate(deps.db, deps.now);
  router.get(CHECKOUT, signedIn, async (req, res) => {
    const order = await payersOrder(deps.db, req);
    const t = textsFor(res);
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
    if (!order) {
      res.status(404).type('html').send(sandboxMissingOrderHtml(t));
      return;
    }
    const csrf = csrfOf(req) || issuedCsrf(res);
    const returnUrl = typeof req.query.return_url === 'string' ? req.query.return_url : '';
    const item = await itemName(deps.db, order.type, order.identity);
    res
      .type('html')
      .send(sandboxCheckoutHtml(t, { ref: order.ref, item, amountCents: Number(order.amount_cents), paid: order.status === 'paid', csrf, returnUrl }));
  });
  router.post(CHECKOUT, signedIn, express.urlencoded({ extended: false, limit: '8kb' }), async (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof form.csrfmiddlewaretoken === 'string' ? form.csrfmiddlewaretoken : '';
    const cookie = csrfOf(req);
    if (!cookie || !secretsEqual(token, cookie)) throw ApiError.detail(403, 'CSRF Failed: CSRF token incorrect.');
    if (!(await payersOrder(deps.db, req))) {
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

function textsFor(res: Response): SandboxTexts {
  const locale = res.locals.locale as Locale | undefined;
  return locale === 'zh-CN' || locale === 'zh-TW' ? TEXTS[locale] : TEXTS.en;
}

function csrfOf(req: Request): string {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const value = cookies?.[CSRF_COOKIE];
  return typeof value === 'string' ? value : '';
}

/** The order on the checkout page, only for the signed-in payer who placed it; anyone else sees no such order. */
async function payersOrder(db: Kysely<DB>, req: Request) {
  const payer = req.auth?.user;
  const ref = String(req.params.ref);
  // Refs are 16 URL-safe characters: anything else (a NUL, which PostgreSQL refuses) is no order.
  if (!payer || !/^[A-Za-z0-9_-]{1,32}$/.test(ref)) return undefined;
  return db.selectFrom('orders').selectAll().where('ref', '=', ref).where('user_id', '=', payer.id).executeTakeFirst();
}

/** What the order buys: the booklet's name, or the membership product key (vip_monthly_manual). */
async function itemName(db: Kysely<DB>, type: string, identity: string): Promise<string> {
  if (type !== 'booklet') return identity;
  const booklet = await db.selectFrom('booklets').select('name').where('id', '=', Number(identity)).executeTakeFirst();
  return booklet?.name ?? identity;
}

/** A first visit has no cookie yet: the token the page middleware just set for this response. */
function issuedCsrf(res: Response): string {
  const header = res.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const issued = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return issued ? (issued.slice(CSRF_COOKIE.length + 1).split(';')[0] ?? '') : '';
}
