import type { Kysely } from 'kysely';
import { paidChapters } from '../content/paywall';
import type { DB } from '../db/schema';

/** Whether the article is a paid chapter: its text is never indexed (server/content/paywall.ts, decision 007). */
export async function paidChapter(db: Kysely<DB>, articleId: number): Promise<boolean> {
  return (await paidChapters(db).where('booklet_items.article_id', '=', articleId).limit(1).executeTakeFirst()) !== undefined;
}

export async function paidChapterIds(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await paidChapters(db).distinct().execute();
  return new Set(rows.flatMap((row) => (row.article_id === null ? [] : [Number(row.article_id)])));
}
