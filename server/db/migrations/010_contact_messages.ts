import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** Feedback from the popup (docs/specification/shell.md §2): kept for the operator, mailed when SMTP is configured. */
export function contactMessages(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('contact_messages'), engine)
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created').on('contact_messages').columns(['created_at']).execute();
    },
  };
}
