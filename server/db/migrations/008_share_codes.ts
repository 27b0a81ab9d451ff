import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** Share links: a code that opens a private article to whoever holds it, until revoked. */
export function shareCodes(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('article_share_codes'), engine)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('article_share_codes_article').on('article_share_codes').columns(['article_id']).execute();
    },
  };
}
