import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HOUR_MS } from './statsTriggers';

/** The counters the server itself adds to (the rest are kept by triggers, ./statsTriggers.ts). */
export type CountedByServer = 'views' | 'reads';

/** One counted act: an article of an author, at a moment (epoch ms). */
export interface CountedAct {
  articleId: number;
  authorId: number;
  at: number;
}

/** Rows upserted by one statement (four bound values each: far below either engine's limit). */
const ROWS_PER_UPSERT = 500;

/**
 * Adds acts to the article's and the author's hourly stats rows (migration 041), one upsert per
 * row touched, in the caller's transaction: the page-view counter's flush adds its views here, the
 * read beacon its read.
 */
export async function addCounts(trx: Kysely<DB>, column: CountedByServer, acts: readonly CountedAct[]): Promise<void> {
  const articles = new Map<string, { article_id: number; hour: number; n: number }>();
  const authors = new Map<string, { author_id: number; hour: number; n: number }>();
  for (const act of acts) {
    const hour = Math.floor(act.at / HOUR_MS);
    const article = articles.get(`${act.articleId}:${hour}`);
    if (article) article.n += 1;
    else articles.set(`${act.articleId}:${hour}`, { article_id: act.articleId, hour, n: 1 });
    const author = authors.get(`${act.authorId}:${hour}`);
    if (author) author.n += 1;
    else authors.set(`${act.authorId}:${hour}`, { author_id: act.authorId, hour, n: 1 });
  }
  const articleRows = [...articles.values()];
  for (let i = 0; i < articleRows.length; i += ROWS_PER_UPSERT) {
    await trx
      .insertInto('article_stats')
      .values(articleRows.slice(i, i + ROWS_PER_UPSERT).map(({ article_id, hour, n }) => ({ article_id, hour, [column]: n })))
      .onConflict((oc) =>
        oc.columns(['article_id', 'hour']).doUpdateSet((eb) => ({ [column]: eb(`article_stats.${column}`, '+', eb.ref(`excluded.${column}`)) })),
      )
      .execute();
  }
  const authorRows = [...authors.values()];
  for (let i = 0; i < authorRows.length; i += ROWS_PER_UPSERT) {
    await trx
      .insertInto('author_stats')
      .values(authorRows.slice(i, i + ROWS_PER_UPSERT).map(({ author_id, hour, n }) => ({ author_id, hour, [column]: n })))
      .onConflict((oc) =>
        oc.columns(['author_id', 'hour']).doUpdateSet((eb) => ({ [column]: eb(`author_stats.${column}`, '+', eb.ref(`excluded.${column}`)) })),
      )
      .execute();
  }
}
