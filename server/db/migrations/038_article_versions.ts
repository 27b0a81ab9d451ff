import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * An article's revision history (docs/decisions/071): one row a save that changed its text.
 * `body` is either the whole text brotli-compressed (`full` = 1) or a change against the
 * row before it (server/content/versionStore.ts); thinning removes old autosaves.
 */
export function articleVersions(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('article_versions'), engine)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('saved_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content_length', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('full', 'integer', (c) => c.notNull())
        .addColumn('body', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('body_size', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_versions_article').on('article_versions').columns(['article_id', 'id']).execute();
    },
  };
}
