import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { createOrder, listOrders, markPending, orderJson, ownOrder, payWithWallet } from '../../payments/orders';
import { sandboxCheckoutUrl, sandboxWechatParams } from '../../payments/providers';
import { siteOriginFor } from '../../seo/origin';
import { requireUser } from '../auth';
import { sameOriginGet } from '../csrf';
import { ApiError } from '../errors';
import { pageLinks, pageQuery } from '../pagination';

const createBody = z.object({
  type: z.enum(['membership', 'booklet'], { message: "type is 'membership' or 'booklet'." }),
  identity: z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v), z.string().trim().min(1).max(64)),
  // Accepted for the client's sake and ignored: the server prices every order.
  amount: z.unknown().optional(),
});
const refParam = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });
const wechatQuery = z.object({ openid: z.string().trim().min(1).max(128) });
const alipayQuery = z.object({ return_url: z.string().max(2000).optional() });

/** Orders and their payment methods, mounted at `/api/payments/order` (docs/decisions/025). */
export function orderRoutes(deps: { db: Kysely<DB>; now: () => number; origin: string; publicOrigin?: string; paymentsSandbox?: boolean }): Router {
  const router = Router();
  // Starting a provider payment moves the order to pending: a GET by the contract, so only from our pages.
  // No real provider is wired in yet: without the sandbox, chat-app and web pay are off.
  const providerPay: RequestHandler = (_req, _res, next) => {
    next(deps.paymentsSandbox === false ? ApiError.detail(503, 'This payment method is not configured.') : undefined);
  };
  const refOf = (params: unknown): string => {
    const parsed = refParam.safeParse(params);
    return parsed.success ? parsed.data.ref : '';
  };

  router.post('/', async (req, res) => {
    const user = requireUser(req);
    const body = createBody.parse(req.body ?? {});
    const order = await createOrder(deps.db, user.id, body.type, body.identity, deps.now());
    res.status(201).json(orderJson(order));
  });
  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const query = pageQuery(10, 50).parse(req.query);
    const { count, rows } = await listOrders(deps.db, user.id, query.page, query.page_size);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, query.page, query.page_size, count), results: rows.map(orderJson) });
  });
  router.get('/:ref/', async (req, res) => {
    const user = requireUser(req);
    res.json(orderJson(await ownOrder(deps.db, user.id, refOf(req.params))));
  });
  router.post('/:ref/wallet/', async (req, res) => {
    const user = requireUser(req);
    res.json(orderJson(await payWithWallet(deps.db, user.id, refOf(req.params), deps.now())));
  });
  router.get('/:ref/wechat/', sameOriginGet(), providerPay, async (req, res) => {
    const user = requireUser(req);
    const { openid } = wechatQuery.parse(req.query);
    const order = await markPending(deps.db, user.id, refOf(req.params), 'wechat');
    // No chat-app bridge can pay a sandbox prepay id: the client may send the payer to our checkout instead.
    const checkout = sandboxCheckoutUrl(siteOriginFor(deps.publicOrigin, req), order.ref, undefined);
    res.json({ ...orderJson(order), app_params: sandboxWechatParams(order.ref, openid, deps.now()), sandbox_checkout_url: checkout });
  });
  router.get('/:ref/alipay/web/', sameOriginGet(), providerPay, async (req, res) => {
    const user = requireUser(req);
    const { return_url: returnUrl } = alipayQuery.parse(req.query);
    const order = await markPending(deps.db, user.id, refOf(req.params), 'alipay');
    res.json({ ...orderJson(order), url: sandboxCheckoutUrl(siteOriginFor(deps.publicOrigin, req), order.ref, returnUrl) });
  });
  return router;
}
