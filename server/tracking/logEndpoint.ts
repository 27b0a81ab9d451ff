import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { TRACKING_API_VERSION } from '../../shared/tracking';
import type { DB } from '../db/schema';

/** The smallest transparent GIF: what an image beacon expects back. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const short = z.string().max(100).optional();
const eventQuery = z.object({
  v: z.literal(TRACKING_API_VERSION),
  cate: z.string().min(1).max(100),
  event: z.string().min(1).max(100),
  status: short,
  method: short,
  order_id: short,
  page: short,
  uid: short,
  sid: short,
  msg: z.string().max(500).optional(),
  path: z.string().max(500).optional(),
  t: z.string().regex(/^\d{1,16}$/).optional(),
});

/** The embedded log service: stores each tracking event and answers a 1x1 image. */
export function logEndpoint(db: Kysely<DB>, now: () => number): Router {
  const router = Router();
  router.get(
    '/log',
    rateLimit({ windowMs: 60_000, limit: 600, standardHeaders: false, legacyHeaders: false }),
    async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const parsed = eventQuery.safeParse(req.query);
      if (!parsed.success) {
        res.status(400).type('image/gif').send(PIXEL);
        return;
      }
      const e = parsed.data;
      await db
        .insertInto('tracking_events')
        .values({
          cate: e.cate,
          event: e.event,
          status: e.status ?? '',
          method: e.method ?? '',
          msg: e.msg ?? '',
          order_id: e.order_id ?? '',
          page: e.page ?? '',
          path: e.path ?? '',
          uid: e.uid ?? '',
          sid: e.sid ?? '',
          version: e.v,
          user_agent: (req.headers['user-agent'] ?? '').slice(0, 300),
          created_at: now(),
        })
        .execute();
      res.type('image/gif').send(PIXEL);
    },
  );
  return router;
}
