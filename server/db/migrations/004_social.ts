import type { Kysely, Migration } from 'kysely';

export function social(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['likes', 'favorites']) {
        await db.schema
          .createTable(table)
          .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['article_id', 'user_id'])
          .execute();
        await db.schema.createIndex(`${table}_user`).on(table).columns(['user_id', 'created_at']).execute();
      }
      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .execute();
      await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id']).execute();
    },
  };
}
