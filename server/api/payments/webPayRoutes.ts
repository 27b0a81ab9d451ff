import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { detectClientType } from '../../../shared/clientType';
import type { WebPayment } from '../../../shared/payments';
import { sameOriginPath } from '../../../shared/safeNext';
import type { DB } from '../../db/schema';
import type { Alipay } from '../../payments/alipay/alipay';
import { markPending, orderJson, ownOrder } from '../../payments/orders';
import { sandboxCheckoutUrl } from '../../payments/providers';
import { siteOriginFor } from '../../seo/origin';
import { requireUser } from '../auth';
import { readerLocale } from '../readerLocale';
import { sameOriginGet } from '../csrf';
import { ApiError } from '../errors';

const refParam = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/) });
const webQuery = z.object({ return_url: z.string().max(2000).optional() });
const returnQuery = z.object({ next: z.string().max(2000).optional() });
/** sameOriginPath's answer for an address off this site: no real path starts with a NUL. */
const OFF_SITE = '\u0000';

export interface WebPayRouteDeps {
  db: Kysely<DB>;
  now: () => number;
  publicOrigin?: string;
  paymentsSandbox?: boolean;
  /** Alipay, when configured: web pay goes there instead of the sandbox (docs/decisions/044). */
  alipay?: Alipay;
}

/**
 * Web pay, mounted at `/api/payments/order` beside orderRoutes(): `{id}/alipay/web/` answers where
 * to pay (Alipay's page pay on desktop, wap pay on phones, or the sandbox checkout), and
 * `{id}/alipay/return/` is where Alipay sends the payer back: the order is asked about at Alipay
 * first, so the page the reader lands on shows its real state.
 */
export function webPayRoutes(deps: WebPayRouteDeps): Router {
  const router = Router();
  const configured: RequestHandler = (_req, _res, next) => {
    next(deps.paymentsSandbox === false && !deps.alipay ? ApiError.detail(503, 'This payment method is not configured.') : undefined);
  };
  const refOf = (params: unknown): string => {
    const parsed = refParam.safeParse(params);
    return parsed.success ? parsed.data.ref : '';
  };

  // Starting a provider payment moves the order to pending: a GET by the contract, so only from our pages.
  router.get('/:ref/alipay/web/', sameOriginGet(), configured, async (req, res) => {
    const user = requireUser(req);
    const { return_url: returnUrl } = webQuery.parse(req.query);
    const origin = siteOriginFor(deps.publicOrigin, req);
    const back = returnUrl ? sameOriginPath(returnUrl, origin, OFF_SITE) : '/';
    if (back === OFF_SITE) throw new ApiError(400, { return_url: ['Enter an address on this site.'] });
    const ref = refOf(req.params);
    const provider = deps.alipay;
    if (provider) {
      const phone = detectClientType(req.get('user-agent')).os !== 'other';
      const comeBack = new URL(`/api/payments/order/${encodeURIComponent(ref)}/alipay/return/`, origin);
      comeBack.searchParams.set('next', back);
      const started = await provider.startWebPay(user.id, ref, phone ? 'wap' : 'page', comeBack.toString(), readerLocale(req));
      res.json({ ...orderJson(started.order), url: started.url } satisfies WebPayment);
      return;
    }
    const order = await markPending(deps.db, user.id, ref, 'alipay', deps.now());
    res.json({ ...orderJson(order), url: sandboxCheckoutUrl(origin, order.ref, returnUrl) } satisfies WebPayment);
  });

  // A navigation from Alipay's cashier: its query (signed or not) is not trusted; Alipay's own answer to a query is.
  router.get('/:ref/alipay/return/', async (req, res) => {
    const user = requireUser(req);
    const order = await ownOrder(deps.db, user.id, refOf(req.params));
    if (deps.alipay) await deps.alipay.reconcile(order);
    const parsed = returnQuery.safeParse(req.query);
    res.redirect(303, sameOriginPath(parsed.success ? parsed.data.next : undefined, siteOriginFor(deps.publicOrigin, req)));
  });
  return router;
}
