import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine';

/**
 * An article's top-level comments newest first, from an index in that order. PostgreSQL does not
 * count `parent_id IS NULL` as an equality when it orders by an index, so comments_thread (migration
 * 029: article_id, parent_id, created_at, id) gave it every top-level comment to sort: 12 ms a page of
 * an article with 47,000, against 0.06 ms from this partial index. SQLite orders by comments_thread
 * already and takes no second index.
 */
export function topComments(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await db.schema
        .createIndex('comments_top')
        .on('comments')
        .columns(['article_id', 'created_at', 'id'])
        .where(sql<boolean>`parent_id is null`)
        .execute();
    },
  };
}
