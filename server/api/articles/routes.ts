import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { PageViewGate } from '../../content/pageViews';
import type { DB } from '../../db/schema';
import { articleForReader } from './reader';

/** What an article slug looks like; anything else is an article that does not exist. */
export const ARTICLE_SLUG = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/i);

/**
 * `GET /api/article/{slug}/`: an article for its reader, or the reason it cannot be read.
 * Each read by someone other than its author or an operator counts against the author's page-view quota;
 * `X-Share-Code` carries a share link's code, which opens a private article.
 */
export function articleReadRoutes(deps: { db: Kysely<DB>; now: () => number; pageViews?: PageViewGate }): Router {
  const router = Router();
  router.get('/:slug/', async (req, res) => {
    const slug = ARTICLE_SLUG.safeParse(req.params.slug);
    if (!slug.success) {
      res.status(404).json({ detail: 'Does Not Exist' });
      return;
    }
    res.set('Cache-Control', 'private, no-cache');
    const shareCode = req.get('X-Share-Code') ?? null;
    res.json(await articleForReader(deps.db, slug.data, req.auth?.user ?? null, deps.now(), { pageViews: deps.pageViews, shareCode }));
  });
  return router;
}
