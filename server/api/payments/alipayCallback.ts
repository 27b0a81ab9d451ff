import express, { Router } from 'express';
import { DomainError } from '../../domain/DomainError';
import type { Alipay } from '../../payments/alipay/alipay';
import { domainErrorAnswer } from '../domainErrorAnswer';

/**
 * Alipay's asynchronous notifications (docs/decisions/044), mounted at `/api/payments/callback`
 * before the CSRF check: Alipay has no cookie; its RSA2 signature over the form stands in.
 * Answers the plain text Alipay reads: `success` when taken (or already known, or nothing to do),
 * else `failure` with a 4xx, and Alipay sends it again later.
 */
export function alipayCallbackRoutes(deps: { alipay: Alipay }): Router {
  const router = Router();
  router.post('/alipay/', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 }), async (req, res) => {
    const form: unknown = req.body;
    try {
      const outcome = await deps.alipay.acceptNotification(typeof form === 'object' && form !== null ? (form as Record<string, unknown>) : {});
      req.log.info({ outcome }, 'Alipay notification');
      res.type('text/plain').send('success');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      req.log.warn({ reason: error.message }, 'Alipay notification refused');
      res.status(domainErrorAnswer(error).status).type('text/plain').send('failure');
    }
  });
  return router;
}
