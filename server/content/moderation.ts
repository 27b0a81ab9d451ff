import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { contentChanged, type ContentKey } from './changes';

/** An article's moderation state: readers get 'Article Banned' or 'Article Suspended' (docs/specification/shell.md §2). */
export const MODERATION_STATES = ['none', 'suspended', 'banned'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * Sets an article's moderation state and records the change, so cached pages of the
 * article, its author's column and the public feed are dropped in every process.
 */
export async function moderateArticle(db: Kysely<DB>, slug: string, state: ModerationState, now: number) {
  return db.transaction().execute(async (trx) => {
    const article = await trx
      .selectFrom('articles')
      .innerJoin('users', 'users.id', 'articles.author_id')
      .select(['articles.id', 'articles.slug', 'articles.title', 'users.username'])
      .where('articles.slug', '=', slug)
      .executeTakeFirst();
    if (!article) throw new Error(`no article with the slug ${slug}`);
    await trx.updateTable('articles').set({ moderation: state }).where('id', '=', article.id).execute();
    await contentChanged(trx, [`article:${article.slug}`, `author:${article.username}`, 'feed', ...(await pagesListing(trx, article.id))], now);
    return article;
  });
}

/** Other pages that list the article: the booklets it is a chapter of, the collections it is favourited in. */
async function pagesListing(db: Kysely<DB>, articleId: number): Promise<ContentKey[]> {
  const [booklets, collectors] = await Promise.all([
    db
      .selectFrom('booklet_items')
      .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
      .select('booklets.slug')
      .where('booklet_items.article_id', '=', articleId)
      .execute(),
    db
      .selectFrom('favorites')
      .innerJoin('users', 'users.id', 'favorites.user_id')
      .select('users.username')
      .where('favorites.article_id', '=', articleId)
      .execute(),
  ]);
  return [...booklets.map((b) => `booklet:${b.slug}` as const), ...collectors.map((c) => `author:${c.username}` as const)];
}
