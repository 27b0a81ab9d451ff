import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

export function articles(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('articles'), engine)
        .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('theme', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
        .addColumn('style', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
        .addColumn('client_modify_date', 'bigint', (c) => c.notNull())
        .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('private'))
        .addColumn('moderation', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
        .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_author').on('articles').columns(['author_id', 'modified_at']).execute();
      await db.schema.createIndex('articles_public').on('articles').columns(['visibility', 'modified_at']).execute();

      await withIdColumn(db.schema.createTable('comments'), engine)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('text', 'varchar(500)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('comments_article').on('comments').columns(['article_id', 'created_at']).execute();
    },
  };
}
