import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, type CommentItem, type CommentRequest, type Page } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import type { NotificationBus } from '../../notifications/bus';
import { requireUser } from '../auth';
import { pageLinks, pageQuery } from '../pagination';
import { requestSchema } from '../requestSchema';
import { ARTICLE_SLUG } from '../articles/articleRead';
import { ApiError } from '../errors';
import { addComment, listComments } from '../../comments/comments';
import { MAX_ROW_ID } from '../../db/rowId';

const query = pageQuery(20, 50);
const body = requestSchema<CommentRequest>()(
  z.object({
    text: z
      .string()
      .trim()
      .min(1, 'A comment cannot be empty.')
      // Characters as the reader counts them (code points, as the client cuts), not UTF-16 units.
      .refine((text) => [...text].length <= COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters.`),
    parent: z.number().int().positive().max(MAX_ROW_ID).nullable().optional(),
  }),
);

/** The article's slug, or the 404 an unknown article gets. */
function slugOf(raw: string | undefined): string {
  const slug = ARTICLE_SLUG.safeParse(raw);
  if (!slug.success) throw ApiError.detail(404, 'Does Not Exist');
  return slug.data;
}

/** `GET`/`POST /api/comments/article/{slug}/` (docs/specification/content-and-commerce.md §7). */
export function commentRoutes(deps: { db: Kysely<DB>; now: () => number; origin: string; notificationBus?: NotificationBus }): Router {
  const router = Router();
  router.get('/article/:slug/', async (req, res) => {
    const { page, page_size: pageSize, cursor } = query.parse(req.query);
    const { count, results, edges } = await listComments(deps.db, slugOf(req.params.slug), req.auth?.user ?? null, deps.now(), page, pageSize, cursor);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count, edges), results } satisfies Page<CommentItem>);
  });
  router.post('/article/:slug/', async (req, res) => {
    const reader = requireUser(req);
    const input = body.parse(req.body);
    res.status(201).json(await addComment(deps.db, slugOf(req.params.slug), reader, input.text, input.parent ?? null, deps.now(), deps.notificationBus));
  });
  return router;
}
