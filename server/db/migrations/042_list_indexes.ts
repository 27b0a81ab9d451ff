import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine';

/**
 * Two lists read from their index alone, measured on 300,000 articles (`npm run bench:data`):
 *
 * - An article's top-level comments newest first. PostgreSQL does not count `parent_id IS NULL` as an
 *   equality when it orders by an index, so comments_thread (migration 029: article_id, parent_id,
 *   created_at, id) gave it every top-level comment to sort: 12 ms a page of an article with 47,000,
 *   against 0.06 ms from a partial index in their order. SQLite orders by comments_thread already.
 * - A buyer's orders, counted before their page (server/payments/orders.ts): the count filters by
 *   status, which orders_user (user_id, created_at) did not hold, so it read each order's row: 13 ms
 *   for 4,000 orders on PostgreSQL, 0.7 ms from the index once it holds the status too.
 */
export function listIndexes(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('orders_user_listed').on('orders').columns(['user_id', 'created_at', 'status']).execute();
      await db.schema.dropIndex('orders_user').execute();
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
