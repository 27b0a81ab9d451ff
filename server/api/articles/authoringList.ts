import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EditorArticleListItem, Page } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { pageLinks, pageQuery } from '../pagination';
import { ownArticles } from '../../articles/ownArticles';

type ListField = keyof EditorArticleListItem;
const LIST_FIELDS: readonly ListField[] = ['id', 'slug', 'title', 'modified', 'description', 'cover_url', 'shared_marks'];

const listQuery = pageQuery(20, 50).extend({
  fields: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const unknown = names.filter((name) => !(LIST_FIELDS as readonly string[]).includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown fields: ${unknown.join(', ')}. Known: ${LIST_FIELDS.join(', ')}.` });
        return z.NEVER;
      }
      return names.length === 0 ? LIST_FIELDS : LIST_FIELDS.filter((field) => names.includes(field));
    }),
  trash: z
    .enum(['true', 'false', '1', '0'], { message: "Use 'true' or 'false'." })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** `GET /api/v2/articles/`: the caller's own articles (or their trash), newest change first, DRF pages. */
export function authoringListRoutes(deps: { db: Kysely<DB>; origin: string }): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const query = listQuery.parse(req.query);
    const { count, results } = await ownArticles(deps.db, user.id, query.trash, query.page, query.page_size);
    const page: Page<Partial<EditorArticleListItem>> = {
      count,
      ...pageLinks(deps.origin, req.originalUrl, query.page, query.page_size, count),
      results: results.map((item) => pick(item, query.fields)),
    };
    res.json(page);
  });
  return router;
}

function pick(item: EditorArticleListItem, fields: readonly ListField[]): Partial<EditorArticleListItem> {
  return Object.fromEntries(fields.map((field) => [field, item[field]]));
}
