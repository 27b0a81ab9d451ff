import type { Kysely, Migration } from 'kysely';

/**
 * The readers an article's page views were counted for, one row per UTC day ('YYYY-MM-DD'),
 * article and reader key (server/content/pageViews.ts, docs/decisions/059): the primary key makes
 * a second insert of the same read a no-op on both engines, so every process counts a reader once a
 * day. Rows of past days are swept; the day leads the key so that sweep walks the index.
 */
export function pageViewReaders(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_view_readers')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('reader', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('page_view_readers_pk', ['day', 'article_id', 'reader'])
        .execute();
    },
  };
}
