import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/preparedQuery';
import type { DB, User } from '../db/schema';

/** The booklet a locked chapter is sold in: what the purchase prompt names and links to. */
export interface SellingBooklet {
  id: number;
  slug: string;
  name: string;
  price_cents: number;
  currency: string;
  /** The chapter's slug inside that booklet. */
  chapter: string;
}

/** True when the article is a payment_required chapter of a booklet the reader has not bought (owner and operators excepted). */
export async function chapterLockedFor(db: Kysely<DB>, articleId: number, reader: User | null): Promise<boolean> {
  return (await lockingBooklet(db, articleId, reader)) !== null;
}

/**
 * The articles a priced booklet sells (payment_required chapters, trashed booklets included: what
 * was sold stays sold), as a query of `article_id` to narrow or use as a subquery: the one statement
 * of that rule for pages, the sitemap and search.
 */
export function paidChapters(db: Kysely<DB>) {
  return db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select('booklet_items.article_id')
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .where('booklet_items.article_id', 'is not', null);
}

/**
 * Which of these articles are payment_required chapters of a priced booklet: anonymous surfaces
 * (feeds, sitemap, meta, cached pages) never show their content. A booklet at price 0 sells
 * nothing: its chapters read free. Asked of a page's articles only (booklet_items_article).
 */
export async function paidChapterArticleIds(db: Kysely<DB>, articleIds: readonly number[]): Promise<Set<number>> {
  if (articleIds.length === 0) return new Set();
  const rows = await paidChapters(db)
    .distinct()
    .where('booklet_items.article_id', 'in', [...articleIds])
    .execute();
  const ids = new Set<number>();
  for (const row of rows) if (row.article_id !== null) ids.add(Number(row.article_id));
  return ids;
}

/** Every article page asks it: built once (db/preparedQuery.ts). */
const sellingBooklets = preparedQuery(1, (db, articleId: number) =>
  db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select([
      'booklet_items.slug as chapter',
      'booklets.id',
      'booklets.slug',
      'booklets.name',
      'booklets.price_cents',
      'booklets.currency',
      'booklets.owner_id',
      'booklets.trashed',
    ])
    .where('booklet_items.article_id', '=', articleId)
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .orderBy('booklets.trashed')
    .orderBy('booklets.id'),
);

/**
 * The booklet that keeps this article from its reader, or null when the reader may read it.
 * An article sold in any booklet is paid content everywhere (a free placement elsewhere does
 * not give it away); its author, operators, and the owner or a buyer of any booklet that sells
 * it read it. Trashed booklets still lock: what was sold stays sold (decision 007).
 */
export async function lockingBooklet(db: Kysely<DB>, articleId: number, reader: User | null): Promise<SellingBooklet | null> {
  return (await chapterAccess(db, articleId, reader)).locked;
}

/** What a reader may do with an article a booklet may sell, under the rules of `lockingBooklet`. */
export interface ChapterAccess {
  /** The booklet that keeps it from the reader, or null. */
  locked: SellingBooklet | null;
  /** Sold in a priced booklet and open to this reader: they bought it (or own, wrote or operate it). */
  paidFor: boolean;
}

export async function chapterAccess(db: Kysely<DB>, articleId: number, reader: User | null): Promise<ChapterAccess> {
  const selling = await sellingBooklets.all(db, articleId);
  const first = selling[0];
  if (!first) return { locked: null, paidFor: false };
  if (reader !== null && (await mayReadPaid(db, articleId, reader, selling))) return { locked: null, paidFor: true };
  return {
    locked: { id: first.id, slug: first.slug, name: first.name, price_cents: first.price_cents, currency: first.currency, chapter: first.chapter },
    paidFor: false,
  };
}

async function mayReadPaid(db: Kysely<DB>, articleId: number, reader: User, selling: readonly { id: number; owner_id: number }[]): Promise<boolean> {
  if (reader.role === 'operator') return true;
  if (selling.some((booklet) => booklet.owner_id === reader.id)) return true;
  const author = await db.selectFrom('articles').select('author_id').where('id', '=', articleId).executeTakeFirst();
  if (author?.author_id === reader.id) return true;
  const bought = await db
    .selectFrom('booklet_purchases')
    .select('id')
    .where('user_id', '=', reader.id)
    .where(
      'booklet_id',
      'in',
      selling.map((booklet) => booklet.id),
    )
    .executeTakeFirst();
  return bought !== undefined;
}

/** Of these articles, the ids locked for the reader, under the rules of `lockingBooklet`, in two queries. */
export async function lockedArticleIds(db: Kysely<DB>, articles: readonly { id: number; author_id: number }[], reader: User | null): Promise<Set<number>> {
  const locked = new Set<number>();
  if (articles.length === 0 || reader?.role === 'operator') return locked;
  const selling = await db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select(['booklet_items.article_id', 'booklets.id as booklet_id', 'booklets.owner_id'])
    .where(
      'booklet_items.article_id',
      'in',
      articles.map((article) => article.id),
    )
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .execute();
  if (selling.length === 0) return locked;
  const bought = new Set<number>();
  if (reader) {
    const rows = await db
      .selectFrom('booklet_purchases')
      .select('booklet_id')
      .where('user_id', '=', reader.id)
      .where('booklet_id', 'in', [...new Set(selling.map((row) => row.booklet_id))])
      .execute();
    for (const row of rows) bought.add(row.booklet_id);
  }
  const authors = new Map(articles.map((article) => [article.id, article.author_id]));
  const open = new Set<number>();
  for (const row of selling) {
    const articleId = row.article_id ?? -1;
    if (reader && (row.owner_id === reader.id || authors.get(articleId) === reader.id || bought.has(row.booklet_id))) open.add(articleId);
  }
  for (const row of selling) if (row.article_id !== null && !open.has(row.article_id)) locked.add(row.article_id);
  return locked;
}
