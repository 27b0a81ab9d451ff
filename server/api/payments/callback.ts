import express, { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { acceptSandboxCallback, sandboxSecret } from '../../payments/sandbox';

const callbackBody = z.object({
  order: z.string().min(1).max(32),
  status: z.enum(['paid', 'failed']),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  timestamp: z.coerce.number().int().nonnegative(),
  signature: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Invalid signature.' }),
});

/**
 * Provider callbacks, mounted at `/api/payments/callback` before the CSRF check: a provider
 * has no session or CSRF cookie; the HMAC signature and the single-use nonce stand in for them.
 */
export function paymentCallbackRoutes(deps: { db: Kysely<DB>; now: () => number; dataDir: string }): Router {
  const router = Router();
  router.post('/sandbox/', express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const body = callbackBody.parse(req.body ?? {});
    const status = await acceptSandboxCallback(deps.db, await sandboxSecret(deps.dataDir), body, deps.now());
    res.json({ detail: 'ok', status });
  });
  return router;
}
