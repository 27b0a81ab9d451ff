import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { EditorArticleListItem, Page } from '../../../shared/entities';
import { countThenPage } from '../../db/countThenPage';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { pageLinks, pageQuery } from '../pagination';
import { sharedMarkColumns, sharedMarks } from '../../articles/authoringView';

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

/** One page of an author's articles, with their shared marks from the same query. */
export async function ownArticles(
  db: Kysely<DB>,
  authorId: number,
  trash: boolean,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: EditorArticleListItem[] }> {
  const mine = db
    .selectFrom('articles')
    .where('articles.author_id', '=', authorId)
    .where('articles.trashed', '=', trash ? 1 : 0);
  // The page's ids from the index (articles_author, migration 029), then the rows and their marks: asked of
  // the whole list, PostgreSQL hashed every booklet item to mark 20 articles.
  const { count, rows } = await countThenPage(mine, page, pageSize, (slice) =>
    db
      .selectFrom('articles')
      .select(['articles.id', 'articles.slug', 'articles.title', 'articles.modified_at', 'articles.description', 'articles.cover_url', 'articles.visibility'])
      .select((eb) => sharedMarkColumns(eb))
      .where('articles.id', 'in', slice.select('articles.id').orderBy('articles.modified_at', 'desc').orderBy('articles.id', 'desc'))
      .orderBy('articles.modified_at', 'desc')
      .orderBy('articles.id', 'desc')
      .execute(),
  );
  return {
    count,
    results: rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      title: row.title,
      modified: new Date(Number(row.modified_at)).toISOString(),
      description: row.description,
      cover_url: row.cover_url,
      shared_marks: sharedMarks(row),
    })),
  };
}

function pick(item: EditorArticleListItem, fields: readonly ListField[]): Partial<EditorArticleListItem> {
  return Object.fromEntries(fields.map((field) => [field, item[field]]));
}
