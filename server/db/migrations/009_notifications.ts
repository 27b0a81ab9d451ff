import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Notifications of the messaging API (docs/specification/shell.md §3): who did what to whose article or
 * comment. Rows go with the people, article or comment they name.
 */
export function notifications(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('notifications'), engine)
        .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('cascade'))
        .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema.createIndex('notifications_recipient').on('notifications').columns(['recipient_id', 'created_at']).execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['recipient_id', 'read_at']).execute();
    },
  };
}
