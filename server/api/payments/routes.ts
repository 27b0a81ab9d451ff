import { Router, type Request, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Page } from '../../../shared/entities';
import { parseAmountCents } from '../../../shared/money';
import {
  paymentReturnPath,
  type CreateOrderRequest,
  type PaymentOrder,
  type WechatH5Payment,
  type WechatNativePayment,
  type WechatPayment,
} from '../../../shared/payments';
import { sameOriginPath } from '../../../shared/safeNext';
import type { DB } from '../../db/schema';
import { createOrder, listOrders, markPending, orderJson, ownOrder, payWithWallet } from '../../payments/orders';
import { itemKey, orderItems } from '../../payments/orderItems';
import { sandboxCheckoutUrl, sandboxWechatParams } from '../../payments/providers';
import { WechatPayUpstreamError } from '../../payments/wechatpay/client';
import type { WechatPay } from '../../payments/wechatpay/wechatPay';
import type { Alipay } from '../../payments/alipay/alipay';
import type { PaymentPause } from '../../payments/paymentPause';
import { siteOriginFor } from '../../seo/origin';
import { requireUser } from '../auth';
import { readerLocale } from '../readerLocale';
import { sameOriginGet } from '../csrf';
import { ApiError } from '../errors';
import { pageLinks, pageQuery } from '../pagination';
import { payerAddress } from './payerAddress';
import { requestSchema } from '../requestSchema';

const AMOUNT_MESSAGE = 'The amount is the price shown: above 0, with at most 2 decimals.';
// The price the buyer was shown ('58.00', or a number from JSON), by shared/money.ts's rule; createOrder refuses any but the server's price.
const amount = z
  .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'This field is required.' : AMOUNT_MESSAGE) })
  .transform((value, ctx) => {
    const cents = parseAmountCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });
const createBody = requestSchema<CreateOrderRequest>()(
  z.object({
    type: z.enum(['membership', 'booklet'], { message: "type is 'membership' or 'booklet'." }),
    identity: z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v), z.string().trim().min(1).max(64)),
    amount,
  }),
);
const refParam = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });
const wechatQuery = z.object({ openid: z.string().trim().min(1).max(128) });
const h5Query = z.object({ return_url: z.string().max(2000).optional() });
/** sameOriginPath's answer for an address off this site: no real path starts with a NUL. */
const OFF_SITE = '\u0000';

export interface OrderRouteDeps {
  db: Kysely<DB>;
  now: () => number;
  origin: string;
  publicOrigin?: string;
  paymentsSandbox?: boolean;
  /** WeChat Pay API v3, when configured: chat-app (JSAPI) and Native pay go there instead of the sandbox (docs/decisions/037). */
  wechatPay?: WechatPay;
  /** Alipay, when configured: an order poll asks it about a pending Alipay order (docs/decisions/044). */
  alipay?: Alipay;
  /** A test seam: holds a wallet payment with its order locked (server/payments/paymentPause.ts). */
  paymentPause?: PaymentPause;
}

/** Orders and their payment methods, mounted at `/api/payments/order` (docs/decisions/025, 037); web pay is webPayRoutes(). */
export function orderRoutes(deps: OrderRouteDeps): Router {
  const router = Router();
  // Starting a provider payment moves the order to pending: a GET by the contract, so only from our pages.
  // Without a provider or the sandbox, chat-app pay is off (web pay: webPayRoutes.ts).
  const notConfigured = () => ApiError.detail(503, 'This payment method is not configured.');
  const wechatPay: RequestHandler = (_req, _res, next) => {
    next(deps.paymentsSandbox === false && !deps.wechatPay ? notConfigured() : undefined);
  };
  const refOf = (params: unknown): string => {
    const parsed = refParam.safeParse(params);
    return parsed.success ? parsed.data.ref : '';
  };

  router.post('/', async (req, res) => {
    const user = requireUser(req);
    const body = createBody.parse(req.body ?? {});
    const order = await createOrder(deps.db, user.id, { type: body.type, identity: body.identity, amountCents: body.amount }, deps.now());
    res.status(201).json(orderJson(order));
  });
  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const query = pageQuery(10, 50).parse(req.query);
    const { count, rows } = await listOrders(deps.db, user.id, query.page, query.page_size, deps.now());
    const items = await orderItems(deps.db, rows);
    res.json({
      count,
      ...pageLinks(deps.origin, req.originalUrl, query.page, query.page_size, count),
      results: rows.map((row) => ({ ...orderJson(row), item: items.get(itemKey(row)) ?? null })),
    } satisfies Page<PaymentOrder>);
  });
  router.get('/:ref/', async (req, res) => {
    const user = requireUser(req);
    const order = await ownOrder(deps.db, user.id, refOf(req.params));
    // A poll of an order waiting for WeChat Pay or Alipay asks the provider too (a lost notification, decisions 037, 044).
    const polled = deps.wechatPay ? await deps.wechatPay.reconcile(order) : order;
    res.json(orderJson(deps.alipay ? await deps.alipay.reconcile(polled) : polled));
  });
  router.post('/:ref/wallet/', async (req, res) => {
    const user = requireUser(req);
    const walletPay = { db: deps.db, now: deps.now, logger: req.log, closers: [deps.wechatPay, deps.alipay], pause: deps.paymentPause };
    res.json(orderJson(await payWithWallet(walletPay, user.id, refOf(req.params))));
  });
  router.get('/:ref/wechat/', sameOriginGet(), wechatPay, async (req, res) => {
    const user = requireUser(req);
    const { openid } = wechatQuery.parse(req.query);
    const provider = deps.wechatPay;
    if (provider) {
      const started = await fromWechatPay(req, () => provider.startJsapi(user.id, refOf(req.params), openid, readerLocale(req)));
      res.json({ ...orderJson(started.order), app_params: started.appParams });
      return;
    }
    const order = await markPending(deps.db, user.id, refOf(req.params), 'wechat', deps.now());
    // No chat-app bridge can pay a sandbox prepay id: the client may send the payer to our checkout instead.
    const checkout = sandboxCheckoutUrl(siteOriginFor(deps.publicOrigin, req), order.ref, undefined);
    res.json({ ...orderJson(order), app_params: sandboxWechatParams(order.ref, openid, deps.now()), sandbox_checkout_url: checkout } satisfies WechatPayment);
  });
  router.get('/:ref/wechat/native/', sameOriginGet(), wechatPay, async (req, res) => {
    const user = requireUser(req);
    const provider = deps.wechatPay;
    if (provider) {
      const started = await fromWechatPay(req, () => provider.startNative(user.id, refOf(req.params), readerLocale(req)));
      const answer: WechatNativePayment = { ...orderJson(started.order), code_url: started.codeUrl };
      res.json(answer);
      return;
    }
    // The sandbox: the "QR code" leads to our own checkout page (no money moves).
    const order = await markPending(deps.db, user.id, refOf(req.params), 'wechat', deps.now());
    const checkout = sandboxCheckoutUrl(siteOriginFor(deps.publicOrigin, req), order.ref, undefined);
    const answer: WechatNativePayment = { ...orderJson(order), code_url: checkout, sandbox_checkout_url: checkout };
    res.json(answer);
  });
  // H5 pay, for a phone's browser outside WeChat (docs/decisions/069): WeChat's cashier brings the payer back to our return page.
  router.get('/:ref/wechat/h5/', sameOriginGet(), wechatPay, async (req, res) => {
    const user = requireUser(req);
    const { return_url: returnUrl } = h5Query.parse(req.query);
    const origin = siteOriginFor(deps.publicOrigin, req);
    const back = returnUrl ? sameOriginPath(returnUrl, origin, OFF_SITE) : '/';
    if (back === OFF_SITE) throw new ApiError(400, { return_url: ['Enter an address on this site.'] });
    const ref = refOf(req.params);
    const provider = deps.wechatPay;
    if (provider) {
      const payerIp = payerAddress(req);
      if (!payerIp) throw ApiError.detail(400, 'Your network address cannot be read: choose another method.');
      const started = await fromWechatPay(req, () => provider.startH5(user.id, ref, payerIp, readerLocale(req)));
      const comeBack = new URL(paymentReturnPath(started.order.ref, back), origin).toString();
      const answer: WechatH5Payment = { ...orderJson(started.order), h5_url: `${started.h5Url}&redirect_url=${encodeURIComponent(comeBack)}` };
      res.json(answer);
      return;
    }
    // The sandbox: its checkout page stands for WeChat's cashier and comes back to the same return page.
    const order = await markPending(deps.db, user.id, ref, 'wechat', deps.now());
    const checkout = sandboxCheckoutUrl(origin, order.ref, new URL(paymentReturnPath(order.ref, back), origin).toString());
    const answer: WechatH5Payment = { ...orderJson(order), h5_url: checkout, sandbox_checkout_url: checkout };
    res.json(answer);
  });
  return router;
}

/** A call to WeChat Pay: what it refused or did not answer is a 502, with the provider's answer in the log. */
async function fromWechatPay<T>(req: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof WechatPayUpstreamError)) throw error;
    req.log.error({ err: error, status: error.status, code: error.code }, 'WeChat Pay refused or did not answer');
    const refused = error.status !== null && error.status >= 400 && error.status < 500;
    throw ApiError.detail(
      502,
      refused ? 'WeChat Pay refused this payment. Please try again later or choose another method.' : 'WeChat Pay did not answer. Please try again later.',
    );
  }
}
