import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * A payment_required chapter of a priced booklet, trashed or not: its text is never indexed
 * (the rule of `paidChapterArticleIds()` in server/content/paywall.ts, decision 007).
 */
function paidChapters(db: Kysely<DB>) {
  return db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select('booklet_items.article_id')
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .where('booklet_items.article_id', 'is not', null);
}

export async function paidChapter(db: Kysely<DB>, articleId: number): Promise<boolean> {
  return (await paidChapters(db).where('booklet_items.article_id', '=', articleId).limit(1).executeTakeFirst()) !== undefined;
}

export async function paidChapterIds(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await paidChapters(db).distinct().execute();
  return new Set(rows.flatMap((row) => (row.article_id === null ? [] : [Number(row.article_id)])));
}
