import { sql, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { BookletRatingItem } from '../../shared/entities';
import { contentChanged } from '../content/changes';
import type { DB, User } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { openBooklet } from './readBooklet';

/** The ratings of a booklet with their reviews, latest first. */
export async function listRatings(db: Kysely<DB>, slug: string, reader: User | null, now: number, page: number, pageSize: number) {
  const booklet = await openBooklet(db, slug, reader, now);
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom('booklet_ratings')
      .select(sql<number>`count(*)`.as('count'))
      .where('booklet_id', '=', booklet.id)
      .executeTakeFirstOrThrow(),
    ratingRows(db)
      .where('booklet_ratings.booklet_id', '=', booklet.id)
      .orderBy('booklet_ratings.modified_at', 'desc')
      .orderBy('booklet_ratings.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { count: Number(count), results: rows.map(toItem) };
}

/**
 * Rates a booklet: one rating per reader, a second one replaces the first (201, then 200).
 * Its owner cannot rate it. Cached pages of the booklet learn of it through the change log.
 */
export async function rateBooklet(
  db: Kysely<DB>,
  slug: string,
  reader: User,
  input: { rating: number; review: string },
  now: number,
): Promise<{ created: boolean; rating: BookletRatingItem }> {
  const booklet = await openBooklet(db, slug, reader, now);
  if (booklet.owner_id === reader.id) throw new DomainError('forbidden', 'You cannot rate your own booklet.');
  const id = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('booklet_ratings')
      .select('id')
      .where('booklet_id', '=', booklet.id)
      .where('user_id', '=', reader.id)
      .executeTakeFirst();
    if (existing) {
      await trx.updateTable('booklet_ratings').set({ rating: input.rating, review: input.review, modified_at: now }).where('id', '=', existing.id).execute();
    } else {
      // Two first ratings at once (a double click): the later one updates, never a unique-key 500.
      await trx
        .insertInto('booklet_ratings')
        .values({ booklet_id: booklet.id, user_id: reader.id, rating: input.rating, review: input.review, created_at: now, modified_at: now })
        .onConflict((oc) => oc.columns(['booklet_id', 'user_id']).doUpdateSet({ rating: input.rating, review: input.review, modified_at: now }))
        .execute();
    }
    await contentChanged(trx, [`booklet:${booklet.slug}`], now);
    return existing?.id ?? null;
  });
  const [row] = await ratingRows(db).where('booklet_ratings.booklet_id', '=', booklet.id).where('booklet_ratings.user_id', '=', reader.id).execute();
  if (!row) throw new Error('rating vanished after write');
  return { created: id === null, rating: toItem(row) };
}

function ratingRows(db: Kysely<DB>) {
  return db
    .selectFrom('booklet_ratings')
    .innerJoin('users', 'users.id', 'booklet_ratings.user_id')
    .select([
      'booklet_ratings.id',
      'booklet_ratings.rating',
      'booklet_ratings.review',
      'booklet_ratings.created_at',
      'booklet_ratings.modified_at',
      'users.username',
      'users.avatar',
    ]);
}

type RatingRow = Awaited<ReturnType<ReturnType<typeof ratingRows>['execute']>>[number];

function toItem(row: RatingRow): BookletRatingItem {
  return {
    id: row.id,
    rating: row.rating,
    review: row.review,
    created: new Date(Number(row.created_at)).toISOString(),
    modified: new Date(Number(row.modified_at)).toISOString(),
    author: { username: row.username, avatar: row.avatar, column: columnPath(row.username) },
  };
}
