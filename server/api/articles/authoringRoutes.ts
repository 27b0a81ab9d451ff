import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ArticleConflictBody } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { checkClientTime, createArticleBody, idOf, isoTime, saveHeaders, updateArticleBody } from './authoringSchemas';
import { createArticle, deleteArticle, restoreArticle, updateArticle, type SaveContext } from '../../articles/authoring';
import { shareLinkRoutes } from './authoringShareLinks';
import { editableArticle } from '../../articles/authoringView';
import { versionRoutes } from './versionRoutes';

export interface AuthoringDeps {
  db: Kysely<DB>;
  now: () => number;
  origin: string;
}

const deleteQuery = z.object({ client_modify_date: isoTime });

/** `/api/articles/`: the author's own articles (docs/specification/content-and-commerce.md §7); anyone else's answer 404. */
export function authoringRoutes(deps: AuthoringDeps): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const context = saveContext(req, deps.now());
    const input = createArticleBody.parse(req.body ?? {});
    refuseFutureTime(input.client_modify_date, context.now);
    res.status(201).json(await createArticle(deps.db, input, context));
  });

  router.get('/:id/', async (req, res) => {
    const user = requireUser(req);
    res.json(await editableArticle(deps.db, idOf(req), user.id));
  });

  router.patch('/:id/', async (req, res) => {
    const context = saveContext(req, deps.now());
    const id = idOf(req);
    const input = updateArticleBody.parse(req.body ?? {});
    refuseFutureTime(input.client_modify_date, context.now);
    const outcome = await updateArticle(deps.db, id, input, context);
    if ('conflict' in outcome) {
      res.status(409).json({ detail: 'Conflict', article: outcome.conflict } satisfies ArticleConflictBody);
      return;
    }
    res.json(outcome.saved);
  });

  router.delete('/:id/', async (req, res) => {
    const user = requireUser(req);
    const id = idOf(req);
    const { client_modify_date: clientModifyDate } = deleteQuery.parse(req.query);
    if (!(await deleteArticle(deps.db, id, clientModifyDate, user, deps.now()))) {
      res.status(409).json({ detail: 'Conflict' } satisfies ArticleConflictBody);
      return;
    }
    res.status(204).end();
  });

  router.post('/:id/restore/', async (req, res) => {
    const user = requireUser(req);
    res.json(await restoreArticle(deps.db, idOf(req), user, deps.now()));
  });

  router.use('/:id/share_codes', shareLinkRoutes(deps));
  router.use('/:id/versions', versionRoutes(deps));
  return router;
}

function saveContext(req: Request, now: number): SaveContext {
  const author = requireUser(req);
  const headers = saveHeaders.parse(req.headers);
  return { author, now, clientId: headers['x-client-id'], baseModifyDate: headers['x-base-modify-date'], kind: headers['x-save-kind'] };
}

function refuseFutureTime(time: number | undefined, now: number): void {
  const errors = checkClientTime(time, now);
  if (errors) throw new ApiError(400, errors);
}
