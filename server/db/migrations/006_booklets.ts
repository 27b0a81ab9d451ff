import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** Booklets (chapter trees of articles, optionally sold), their ratings and purchases (docs/design.md §5). */
export function booklets(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('booklets'), engine)
        .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('heading', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('CNY'))
        .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('booklets_owner').on('booklets').columns(['owner_id', 'modified_at']).execute();

      await withIdColumn(db.schema.createTable('booklet_items'), engine)
        .addColumn('booklet_id', 'integer', (c) => c.notNull().references('booklets.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('booklet_items.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('cascade'))
        .addColumn('slug', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sales_mode', 'varchar(24)', (c) => c.notNull().defaultTo('free'))
        .addUniqueConstraint('booklet_items_slug', ['booklet_id', 'slug'])
        .execute();
      await db.schema.createIndex('booklet_items_tree').on('booklet_items').columns(['booklet_id', 'parent_id', 'order']).execute();
      await db.schema.createIndex('booklet_items_article').on('booklet_items').columns(['article_id', 'sales_mode']).execute();

      await withIdColumn(db.schema.createTable('booklet_ratings'), engine)
        .addColumn('booklet_id', 'integer', (c) => c.notNull().references('booklets.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('booklet_ratings_one', ['booklet_id', 'user_id'])
        .execute();
      await db.schema.createIndex('booklet_ratings_recent').on('booklet_ratings').columns(['booklet_id', 'modified_at']).execute();

      await withIdColumn(db.schema.createTable('booklet_purchases'), engine)
        .addColumn('booklet_id', 'integer', (c) => c.notNull().references('booklets.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_ref', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('booklet_purchases_one', ['booklet_id', 'user_id'])
        .execute();
      await db.schema.createIndex('booklet_purchases_user').on('booklet_purchases').columns(['user_id']).execute();
    },
  };
}
