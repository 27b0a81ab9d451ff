import { sql, type Kysely, type Migration } from 'kysely';
import { recountStats } from '../../stats/recountStats';
import { statsTriggers } from '../../stats/statsTriggers';
import type { Engine } from '../engine';
import type { DB } from '../schema';

/**
 * The author's numbers (docs/decisions/074): one row per article and UTC hour (`article_stats`) and
 * per author and UTC hour (`author_stats`, the author's total, so a page of stats reads at most
 * 24 × 365 rows whatever the number of articles), hours as epoch hours. The primary keys are the
 * range every stats query walks. Views come from the page-view counter's flush, reads from the
 * read beacon, which marks the reader's row of `page_view_readers` (`read`) so a read counts once
 * and only after a counted view; the rest is kept by triggers (server/stats/statsTriggers.ts) and
 * filled here from the rows there are.
 */
export function authorStats(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const counters = ['views', 'reads', 'likes', 'favorites', 'comments', 'newsletter_sends'];
      let article = db.schema
        .createTable('article_stats')
        .addColumn('article_id', 'bigint', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('hour', 'integer', (c) => c.notNull());
      for (const column of counters) article = article.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      await article.addPrimaryKeyConstraint('article_stats_pk', ['article_id', 'hour']).execute();
      let author = db.schema
        .createTable('author_stats')
        .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('hour', 'integer', (c) => c.notNull());
      for (const column of [...counters, 'followers']) author = author.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      await author
        .addColumn('income_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('author_stats_pk', ['author_id', 'hour'])
        .execute();
      await db.schema
        .alterTable('page_view_readers')
        .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await recountStats(db as Kysely<DB>);
      for (const statement of statsTriggers(engine).create) await sql.raw(statement).execute(db);
    },
  };
}
