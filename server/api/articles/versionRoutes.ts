import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { listVersions, versionDetail, versionReader, versionToRestore } from '../../content/articleVersions';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { articleId, idOf } from './authoringSchemas';
import { updateArticle } from '../../articles/authoring';

const detailQuery = z.object({ against: z.enum(['previous', 'current']).default('previous') });

/**
 * `/api/articles/{id}/versions/`: an article's revision history (docs/decisions/071). Its author
 * reads and restores; an operator may read (moderation); anyone else gets 403.
 */
export function versionRoutes(deps: { db: Kysely<DB>; now: () => number }): Router {
  const router = Router({ mergeParams: true });

  router.get('/', async (req, res) => {
    const id = idOf(req);
    await versionReader(deps.db, id, requireUser(req), false);
    res.json(await listVersions(deps.db, id));
  });

  router.get('/:version/', async (req, res) => {
    const id = idOf(req);
    const { against } = detailQuery.parse(req.query);
    await versionReader(deps.db, id, requireUser(req), false);
    res.json(await versionDetail(deps.db, id, versionOf(req), against));
  });

  // Putting a version back is a save like any other: a new version, so nothing is lost.
  router.post('/:version/restore/', async (req, res) => {
    const id = idOf(req);
    const author = requireUser(req);
    await versionReader(deps.db, id, author, true);
    const version = await versionToRestore(deps.db, id, versionOf(req));
    const now = deps.now();
    const outcome = await updateArticle(
      deps.db,
      id,
      { title: version.title, content: version.content, word_count: version.wordCount },
      { author, now, kind: 'restore' },
    );
    if ('conflict' in outcome) throw ApiError.detail(409, 'Conflict');
    res.json(outcome.saved);
  });

  return router;
}

function versionOf(req: Request): number {
  const id = articleId.safeParse(req.params.version);
  if (!id.success) throw ApiError.detail(404, 'Not found.');
  return id.data;
}
