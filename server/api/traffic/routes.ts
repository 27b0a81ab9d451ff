import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { TrafficQuota } from '../../../shared/traffic';
import { requireUser } from '../auth';
import type { DB } from '../../db/schema';
import { currentTraffic } from '../../media/traffic';

/** `GET /api/traffic/current/` (docs/specification/content-and-commerce.md §7): the calendar month's upload traffic of the caller. */
export function trafficRoutes(deps: { db: Kysely<DB>; now: () => number }): Router {
  const router = Router();
  router.get('/current/', async (req, res) => {
    const user = requireUser(req);
    const meter = await currentTraffic(deps.db, user, deps.now());
    res.json({
      begin: new Date(meter.begin).toISOString(),
      end: new Date(meter.end).toISOString(),
      bytes_limit: meter.bytesLimit,
      bytes_used: meter.bytesUsed,
    } satisfies TrafficQuota);
  });
  return router;
}
