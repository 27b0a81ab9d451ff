import express, { Router, type RequestHandler } from 'express';
import { DomainError } from '../../domain/DomainError';
import type { WechatPay } from '../../payments/wechatpay/wechatPay';
import { domainErrorAnswer } from '../domainErrorAnswer';

/**
 * WeChat Pay's notifications (docs/decisions/037), mounted at `/api/payments/callback` before the
 * CSRF check: WeChat Pay has no cookie; its signature over the raw body stands in. Answers as
 * API v3 asks: 204 when taken (or already known), else 4xx with `{code: 'FAIL', message}`, and
 * WeChat Pay sends it again later.
 */
export function wechatPayCallbackRoutes(deps: { wechatPay: WechatPay }): Router {
  const router = Router();
  router.post(
    '/wechatpay/',
    notificationHandler('WeChat Pay notification', (header, body) => deps.wechatPay.acceptNotification(header, body)),
  );
  // Refund outcomes (docs/decisions/049): the same signature and encryption, the same answers.
  router.post(
    '/wechatpay/refund/',
    notificationHandler('WeChat Pay refund notification', (header, body) => deps.wechatPay.acceptRefundNotification(header, body)),
  );
  // Withdrawals' transfer bills (docs/decisions/064): the same signature and encryption, the same answers.
  router.post(
    '/wechatpay/transfer/',
    notificationHandler('WeChat Pay transfer notification', (header, body) => deps.wechatPay.acceptTransferNotification(header, body)),
  );
  return router;
}

type Accept = (header: (name: string) => string | undefined, body: string) => Promise<unknown>;

/** The raw body to `accept`, answered 204 when taken and `{code: 'FAIL', message}` when refused. */
function notificationHandler(what: string, accept: Accept): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '64kb' }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      try {
        const outcome = await accept((name) => req.get(name), body);
        req.log.info({ outcome }, what);
        res.status(204).end();
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        req.log.warn({ reason: error.message }, `${what} refused`);
        res.status(domainErrorAnswer(error).status).json({ code: 'FAIL', message: error.message });
      }
    },
  ];
}
