import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageLinks, pageQuery } from '../pagination';
import { publicArticles } from './publicList';

const query = pageQuery(20, 50);

/** `GET /api/v2/articles/public/`: the public articles, paginated the DRF way. */
export function articleListRoutes(deps: { db: Kysely<DB>; now: () => number; origin: string }): Router {
  const router = Router();
  router.get('/public/', async (req, res) => {
    const { page, page_size: pageSize } = query.parse(req.query);
    const { count, results } = await publicArticles(deps.db, deps.now(), page, pageSize);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results });
  });
  return router;
}
