import express, { Router } from 'express';
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
  router.post('/wechatpay/', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    try {
      const outcome = await deps.wechatPay.acceptNotification((name) => req.get(name), body);
      req.log.info({ outcome }, 'WeChat Pay notification');
      res.status(204).end();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      req.log.warn({ reason: error.message }, 'WeChat Pay notification refused');
      res.status(domainErrorAnswer(error).status).json({ code: 'FAIL', message: error.message });
    }
  });
  // Refund outcomes (docs/decisions/049): the same signature and encryption, the same answers.
  router.post('/wechatpay/refund/', express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    try {
      const outcome = await deps.wechatPay.acceptRefundNotification((name) => req.get(name), body);
      req.log.info({ outcome }, 'WeChat Pay refund notification');
      res.status(204).end();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      req.log.warn({ reason: error.message }, 'WeChat Pay refund notification refused');
      res.status(domainErrorAnswer(error).status).json({ code: 'FAIL', message: error.message });
    }
  });
  return router;
}
