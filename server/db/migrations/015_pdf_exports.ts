import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * PDF exports (docs/decisions/020): one row per export of an article version (its
 * client_modify_date), rendered in the background. Rows outlive the article (article_id
 * set null), so deleting an article does not give the month's exports back.
 */
export function pdfExports(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('pdf_exports'), engine)
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_version', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('file', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('failure_reported', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('pdf_exports_article').on('pdf_exports').columns(['article_id', 'article_version']).execute();
      await db.schema.createIndex('pdf_exports_user_month').on('pdf_exports').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('pdf_exports_status').on('pdf_exports').columns(['status']).execute();
    },
  };
}
