import type { Kysely } from 'kysely';
import type { EditorArticleListItem } from '../../shared/entities';
import { countThenPage } from '../db/countThenPage';
import type { DB } from '../db/schema';
import { sharedMarkColumns, sharedMarks } from './authoringView';

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
