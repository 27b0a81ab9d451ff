import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** The log of content changes every process reads to drop its cached pages (docs/design.md §3). */
export function contentChanges(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('content_changes'), engine)
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_changes_created').on('content_changes').columns(['created_at']).execute();
    },
  };
}
