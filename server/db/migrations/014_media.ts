import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Uploaded images (docs/decisions/019): one row per stored file, its key unique so an
 * upload never overwrites another's file; and the upload traffic per user and UTC month
 * ('YYYY-MM') that the quota of their tier limits.
 */
export function media(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('media_files'), engine)
        .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_files_user').on('media_files').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('media_traffic')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('month', 'varchar(7)', (c) => c.notNull())
        .addColumn('bytes_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('media_traffic_pk', ['user_id', 'month'])
        .execute();
    },
  };
}
