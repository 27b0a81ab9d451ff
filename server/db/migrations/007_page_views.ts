import type { Kysely, Migration } from 'kysely';

/** Page views per author and UTC month ('YYYY-MM'), against the quota of their tier (docs/decisions/009). */
export function pageViews(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_views')
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('month', 'varchar(7)', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('page_views_pk', ['author_id', 'month'])
        .execute();
    },
  };
}
