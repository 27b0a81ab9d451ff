import { sql, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { BookletCard } from '../../shared/entities';
import type { DB } from '../db/schema';
import { readableAuthor } from './publicArticles';

/**
 * Booklets anyone may open, newest first (of one owner, when given): not trashed, by an author whose
 * work may be read (docs/decisions/067-booklets-in-lists-and-readable-slugs.md). The page's rows are
 * walked on booklets_listed (all) or booklets_owner_listed (one owner), plain pages as the short lists
 * have: booklets are few beside articles.
 */
export async function publicBooklets(
  db: Kysely<DB>,
  now: number,
  page: number,
  pageSize: number,
  ownerId?: number,
): Promise<{ count: number; results: BookletCard[] }> {
  // A CROSS JOIN keeps SQLite walking the booklets in order (their index) and probing each owner, not
  // every user for their booklets; PostgreSQL plans it as any join (as publicArticles.ts's favourites).
  let listed = db
    .selectFrom('booklets')
    .crossJoin('users')
    .whereRef('users.id', '=', 'booklets.owner_id')
    .where('booklets.trashed', '=', 0)
    .where(readableAuthor(now));
  if (ownerId !== undefined) listed = listed.where('booklets.owner_id', '=', ownerId);
  const [total, rows] = await Promise.all([
    listed.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    listed
      .select([
        'booklets.id',
        'booklets.slug',
        'booklets.name',
        'booklets.heading',
        'booklets.cover_url',
        'booklets.price_cents',
        'booklets.currency',
        'booklets.modified_at',
        'users.username',
        'users.avatar',
      ])
      .orderBy('booklets.modified_at', 'desc')
      .orderBy('booklets.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const chapters = await chapterCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    count: Number(total.count),
    results: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      heading: row.heading,
      cover: row.cover_url,
      // A booklet at price 0 sells nothing (server/content/paywall.ts).
      price: row.price_cents > 0 ? { amount_cents: row.price_cents, currency: row.currency } : null,
      chapter_count: chapters.get(row.id) ?? 0,
      modified: new Date(Number(row.modified_at)).toISOString(),
      author: { username: row.username, avatar: row.avatar, column: columnPath(row.username) },
    })),
  };
}

/**
 * The chapters of these booklets whose articles are public and not trashed: the page's booklets' items
 * only (booklet_items_tree), each probing its article. The CROSS JOIN keeps SQLite from walking every
 * public article for its items instead when the database has no statistics (80–110 ms on 300,000).
 */
async function chapterCounts(db: Kysely<DB>, bookletIds: readonly number[]): Promise<Map<number, number>> {
  if (bookletIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('booklet_items')
    .crossJoin('articles')
    .whereRef('articles.id', '=', 'booklet_items.article_id')
    .select(['booklet_items.booklet_id', sql<number>`count(*)`.as('count')])
    .where('booklet_items.booklet_id', 'in', [...bookletIds])
    .where('articles.visibility', '=', 'public')
    .where('articles.trashed', '=', 0)
    .where('articles.moderation', '=', 'none')
    .groupBy('booklet_items.booklet_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.booklet_id), Number(row.count)]));
}
