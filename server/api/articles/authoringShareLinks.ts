import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { ArticleShareLink } from '../../../shared/entities';
import { contentChanged } from '../../content/changes';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { idOf } from './authoringSchemas';
import { ownArticleRow } from '../../articles/authoringView';
import { SHARE_CODE, createShareCode, revokeShareCode } from '../../articles/shareCodes';

/** `/api/articles/{id}/share_codes/`: the share links of the caller's own article. */
export function shareLinkRoutes(deps: { db: Kysely<DB>; now: () => number; origin: string }): Router {
  const router = Router({ mergeParams: true });

  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const article = await ownArticleRow(deps.db, idOf(req), user.id);
    const rows = await deps.db
      .selectFrom('article_share_codes')
      .select(['code', 'created_at'])
      .where('article_id', '=', article.id)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    res.json(rows.map((row) => shareLink(deps.origin, article.slug, row.code, Number(row.created_at))));
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
    const code = req.params.code;
    const now = deps.now();
    if (typeof code !== 'string' || !SHARE_CODE.test(code) || !(await revokeShareCode(deps.db, article.id, code, now))) {
      throw ApiError.detail(404, 'Not found.');
    }
    // Share-link reads bypass the render cache; the author's pages are told anyway, like every write.
    await contentChanged(deps.db, [`article:${article.slug}`], now);
    res.status(204).end();
  });

  return router;
}

function shareLink(origin: string, slug: string, code: string, created: number): ArticleShareLink {
  return { code, url: `${origin}/article/${encodeURIComponent(slug)}?share=${encodeURIComponent(code)}`, created: new Date(created).toISOString() };
}
