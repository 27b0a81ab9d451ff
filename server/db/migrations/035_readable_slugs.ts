import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Readable article addresses and booklets in the reader's lists
 * (docs/decisions/067-booklets-in-lists-and-readable-slugs.md):
 *
 * - `articles.published_at`: when the article was first made public (null: never). Its first
 *   publication names it from its title; articles public before today count as published, so
 *   no address that was ever public changes;
 * - `article_slugs`: the slugs an article had before, each answering with a 301 to the one it has now;
 * - booklets anyone may see, newest first, and one author's, from an index alone.
 */
export function readableSlugs(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('articles').addColumn('published_at', 'bigint').execute();
      await sql`update articles set published_at = created_at where visibility = 'public'`.execute(db);
      await db.schema
        .createTable('article_slugs')
        .addColumn('slug', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('article_slugs_article').on('article_slugs').column('article_id').execute();
      await db.schema.createIndex('booklets_listed').on('booklets').columns(['trashed', 'modified_at', 'id', 'owner_id']).execute();
      await db.schema.createIndex('booklets_owner_listed').on('booklets').columns(['owner_id', 'trashed', 'modified_at', 'id']).execute();
    },
  };
}
