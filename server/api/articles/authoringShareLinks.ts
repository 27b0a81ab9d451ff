import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { ArticleShareLink } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { idOf } from './authoringSchemas';
import { ownArticleRow } from '../../articles/authoringView';
import { createShareCode, liveShareCodes, revokeShareLink } from '../../articles/shareCodes';

/** `/api/articles/{id}/share_codes/`: the share links of the caller's own article. */
export function shareLinkRoutes(deps: { db: Kysely<DB>; now: () => number; origin: string }): Router {
  const router = Router({ mergeParams: true });

  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const article = await ownArticleRow(deps.db, idOf(req), user.id);
    const codes = await liveShareCodes(deps.db, article.id);
    res.json(codes.map(({ code, created }) => shareLink(deps.origin, article.slug, code, created)));
  });

  router.post('/', async (req, res) => {
    const user = requireUser(req);
    const article = await ownArticleRow(deps.db, idOf(req), user.id);
    const now = deps.now();
    const code = await createShareCode(deps.db, article.id, now);
    res.status(201).json(shareLink(deps.origin, article.slug, code, now));
  });

  router.delete('/:code/', async (req, res) => {
    const user = requireUser(req);
    const article = await ownArticleRow(deps.db, idOf(req), user.id);
    await revokeShareLink(deps.db, article, req.params.code ?? '', deps.now());
    res.status(204).end();
  });

  return router;
}

function shareLink(origin: string, slug: string, code: string, created: number): ArticleShareLink {
  return { code, url: `${origin}/article/${encodeURIComponent(slug)}?share=${encodeURIComponent(code)}`, created: new Date(created).toISOString() };
}
