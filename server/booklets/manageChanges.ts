import type { Kysely } from 'kysely';
import { contentChanged, type ContentKey } from '../content/changes';
import type { DB } from '../db/schema';

/**
 * Records a change of a booklet for the render cache: its own pages, its owner's (their column lists
 * it, and its chapters' own pages name it and their neighbours), the feed (home and discovery show it
 * as a card and leave its chapters out), and for every chapter whose paywall may have changed (its
 * sales mode, or it joined or left a booklet that sells it) the article's pages and its author's column.
 */
export async function bookletChanged(db: Kysely<DB>, slug: string, paywallArticleIds: readonly number[], now: number): Promise<void> {
  const keys: ContentKey[] = [`booklet:${slug}`, 'feed'];
  const owner = await db
    .selectFrom('booklets')
    .innerJoin('users', 'users.id', 'booklets.owner_id')
    .select('users.username')
    .where('booklets.slug', '=', slug)
    .executeTakeFirst();
  if (owner) keys.push(`author:${owner.username}`);
  if (paywallArticleIds.length > 0) {
    const chapters = await db
      .selectFrom('articles')
      .innerJoin('users', 'users.id', 'articles.author_id')
      .select(['articles.slug', 'users.username'])
      .where('articles.id', 'in', [...new Set(paywallArticleIds)])
      .execute();
    for (const chapter of chapters) keys.push(`article:${chapter.slug}`, `author:${chapter.username}`);
  }
  await contentChanged(db, keys, now);
}

/** The articles of payment_required chapters among these items (and their subtrees when asked). */
export async function paidChapterArticles(db: Kysely<DB>, bookletId: number, itemIds?: readonly number[]): Promise<number[]> {
  let query = db
    .selectFrom('booklet_items')
    .select('article_id')
    .where('booklet_id', '=', bookletId)
    .where('sales_mode', '=', 'payment_required')
    .where('article_id', 'is not', null);
  if (itemIds) {
    if (itemIds.length === 0) return [];
    query = query.where('id', 'in', [...itemIds]);
  }
  const rows = await query.execute();
  return rows.flatMap((row) => (row.article_id === null ? [] : [Number(row.article_id)]));
}
