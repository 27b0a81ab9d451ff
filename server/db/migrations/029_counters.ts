import { sql, type Kysely, type Migration } from 'kysely';
import { counterTriggers, recountCounts } from '../../content/counters';
import type { Engine } from '../engine';
import type { DB } from '../schema';

/**
 * Counts kept with the rows they count, and indexes that serve every list's filter and order
 * (server/content/counters.ts, docs/decisions/055):
 *
 * - `article_counts`, `user_counts`, `notification_counts`, filled from the rows once here and
 *   moved by triggers from then on;
 * - articles: anyone-may-read lists by (state, modified, id); the sitemap's walk by (state, id) holding
 *   everything a sitemap line needs; an author's own list by (author, trashed, modified, id); an author's
 *   readable articles by modified (column) and by created (feed). They replace the indexes of migration
 *   002, which made both engines read every article's row to filter, order or count (SQLite reads past a
 *   row's body, stored before the state columns, to reach them);
 * - comments: an article's top-level comments in order (article, parent, created, id), replies by parent;
 * - notifications: a recipient's list in order with the columns it filters on (an index-only walk),
 *   and the unread ones in order;
 * - follows: a user's followers in order.
 */
export function counters(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // bigint keys: an integer primary key would be SQLite's rowid, numbered by the engine (these are given).
      await db.schema
        .createTable('article_counts')
        .addColumn('article_id', 'bigint', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('user_counts')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('public_article_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('readable_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // "Articles anyone may read": the sum over authors readable now, from this index alone.
      // Partial: most rows are readers with followers and no articles. Queries name the condition as a literal (authorsOnly in
      // server/content/publicArticles.ts): neither engine matches a partial index to a bound parameter.
      await db.schema
        .createIndex('user_counts_readable')
        .on('user_counts')
        .columns(['readable_until', 'public_article_count', 'user_id'])
        .where(sql<boolean>`public_article_count > 0`)
        .execute();
      await db.schema
        .createTable('notification_counts')
        .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('notification_counts_pk', ['recipient_id', 'type'])
        .execute();

      await db.schema.dropIndex('articles_public').execute();
      await db.schema.dropIndex('articles_author').execute();
      await db.schema
        .createIndex('articles_readable')
        .on('articles')
        .columns(['visibility', 'trashed', 'moderation', 'modified_at', 'id', 'author_id'])
        .execute();
      await db.schema
        .createIndex('articles_sitemap')
        .on('articles')
        .columns(['visibility', 'trashed', 'moderation', 'id', 'author_id', 'modified_at', 'slug'])
        .execute();
      await db.schema.createIndex('articles_author').on('articles').columns(['author_id', 'trashed', 'modified_at', 'id']).execute();
      await db.schema
        .createIndex('articles_author_readable')
        .on('articles')
        .columns(['author_id', 'visibility', 'trashed', 'moderation', 'modified_at', 'id'])
        .execute();
      await db.schema
        .createIndex('articles_author_feed')
        .on('articles')
        .columns(['author_id', 'visibility', 'trashed', 'moderation', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('comments_article').execute();
      await db.schema.createIndex('comments_thread').on('comments').columns(['article_id', 'parent_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
      await db.schema.dropIndex('notifications_recipient').execute();
      await db.schema.createIndex('notifications_list').on('notifications').columns(['recipient_id', 'created_at', 'id', 'type', 'read_at']).execute();
      // The unread list in order (and marking all read): unread rows only, however many were read.
      await db.schema.dropIndex('notifications_unread').execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['recipient_id', 'read_at', 'created_at', 'id', 'type']).execute();
      // What a deleted article, comment or person takes with it: without these each deleted comment of an
      // article read every notification (a cascade looks its rows up by the key).
      await db.schema.createIndex('notifications_article').on('notifications').column('article_id').execute();
      await db.schema.createIndex('notifications_comment').on('notifications').column('comment_id').execute();
      await db.schema.createIndex('notifications_actor').on('notifications').column('actor_id').execute();
      await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
      await db.schema.dropIndex('follows_followee').execute();
      await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'created_at', 'follower_id']).execute();

      await recountCounts(db as Kysely<DB>);
      for (const statement of counterTriggers(engine).create) await sql.raw(statement).execute(db);
    },
  };
}
