import { sql, type Kysely, type Migration } from 'kysely';
import { chapterCountTriggers, recountChapters } from '../../content/chapterCounts';
import type { Engine } from '../engine';
import type { DB } from '../schema';

/**
 * An author's readable chapters kept beside their readable articles (server/content/chapterCounts.ts):
 * the lists of loose articles count `public_article_count - public_chapter_count` over the authors who
 * may be read, so `user_counts_readable` (migration 029) is made again holding both counts.
 */
export function chapterCounts(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('user_counts')
        .addColumn('public_chapter_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('user_counts_readable').execute();
      await db.schema
        .createIndex('user_counts_readable')
        .on('user_counts')
        .columns(['readable_until', 'public_article_count', 'public_chapter_count', 'user_id'])
        .where(sql<boolean>`public_article_count > 0`)
        .execute();
      await recountChapters(db as Kysely<DB>);
      for (const statement of chapterCountTriggers(engine).create) await sql.raw(statement).execute(db);
    },
  };
}
