import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { TRACKING_API_VERSION } from '../../shared/tracking';
import { rateLimitKey } from '../api/caller';
import type { DB } from '../db/schema';
import { recordTrackingEvent } from '../tracking/events';

/** The smallest transparent GIF: what an image beacon expects back. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Text of an event; PostgreSQL refuses NUL characters (a 500), so an event carrying one is refused on both engines. */
const text = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((value) => !value.includes('\u0000'));
const short = text(0, 100).optional();
const eventQuery = z.object({
  v: z.literal(TRACKING_API_VERSION),
  cate: text(1, 100),
  event: text(1, 100),
  status: short,
  method: short,
  order_id: short,
  page: short,
  uid: short,
  sid: short,
  msg: text(0, 500).optional(),
  path: text(0, 500).optional(),
  t: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
});

/**
 * The embedded log service: stores each tracking event (server/tracking/events.ts) and answers a 1x1 image. Its flood limit
 * counts in each process's memory: every page view sends events, and a shared count would double
 * the database writes of each (docs/decisions/042).
 */
export function logEndpoint(db: Kysely<DB>, now: () => number): Router {
  const router = Router();
  router.get(
    '/log',
    rateLimit({ windowMs: 60_000, limit: 600, keyGenerator: rateLimitKey, standardHeaders: false, legacyHeaders: false }),
    async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const parsed = eventQuery.safeParse(req.query);
      if (!parsed.success) {
        res.status(400).type('image/gif').send(PIXEL);
        return;
      }
      await recordTrackingEvent(db, parsed.data, req.headers['user-agent'] ?? '', now());
      res.type('image/gif').send(PIXEL);
    },
  );
  return router;
}
