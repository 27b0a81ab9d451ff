import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { Router } from 'express';
import type { ReadCounted } from '../../../shared/authorStats';
import { countRead } from '../../stats/reads';
import { idOf } from '../articles/authoringSchemas';
import { ApiError } from '../errors';
import type { PageViewCounting } from '../pageViewCounting';

/**
 * `POST /api/articles/{id}/read/` (docs/decisions/074): the article page's beacon that its reader
 * reached the end or stayed long enough. The reader is told apart as for page views (decision 059),
 * anonymous ones under the same per-address limit; it counts only after that reader's counted view
 * of the article today, once (server/stats/reads.ts).
 */
export function readRoutes(deps: { db: Kysely<DB>; now: () => number; pageViews?: PageViewCounting }): Router {
  const router = Router();
  router.post('/:id/read/', async (req, res) => {
    const articleId = idOf(req);
    const now = deps.now();
    const counting = deps.pageViews;
    if (!counting) {
      res.json({ counted: false } satisfies ReadCounted);
      return;
    }
    const who = counting.readers.of(req.auth?.user?.id ?? null, req.ip, req.headers['user-agent'], now);
    if (who.retryAfterS > 0) throw ApiError.detail(429, `Request was throttled. Expected available in ${who.retryAfterS} seconds.`);
    const counted = who.reader === null ? false : await countRead(deps.db, articleId, who.reader, now);
    res.json({ counted } satisfies ReadCounted);
  });
  return router;
}
