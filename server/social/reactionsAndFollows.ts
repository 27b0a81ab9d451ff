import type { Kysely } from 'kysely';
import type { FollowState, FollowStatus } from '../../shared/social';
import { contentChanged } from '../content/changes';
import { preparedQuery } from '../db/preparedQuery';
import { unfollowed } from '../newsletter/subscriptions';
import type { DB, User } from '../db/schema';
import { readArticle } from '../articles/readArticle';
import { DomainError } from '../domain/DomainError';
import type { NotificationBus } from '../notifications/bus';
import { announce, notify } from '../notifications/notifications';

type Reaction = 'likes' | 'favorites';

/**
 * Likes or unlikes (favourites or unfavourites) an article the reader may read.
 * Idempotent: liking twice is one like. Answers the count and the reader's flag.
 */
export async function react(
  db: Kysely<DB>,
  table: Reaction,
  reader: User,
  slug: string,
  on: boolean,
  now: number,
  bus?: NotificationBus,
): Promise<{ count: number; status: boolean }> {
  const { article, authorId } = await readArticle(db, slug, reader, now);
  if (on) {
    const notified = await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto(table)
        .values({ article_id: article.id, user_id: reader.id, created_at: now })
        .onConflict((oc) => oc.columns(['article_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      // Only a new like or favourite tells the author (decision 014).
      if (added) {
        const type = table === 'likes' ? 'thumbsup' : 'favorite';
        return notify(trx, { recipientId: authorId, actorId: reader.id, type, articleId: article.id }, now);
      }
      return undefined;
    });
    announce(bus, notified);
  } else {
    await db.deleteFrom(table).where('article_id', '=', article.id).where('user_id', '=', reader.id).execute();
  }
  // A favourite changes the list on the reader's own column; like, favourite and follower
  // counts on cached pages may lag by the cache's max age instead (docs/decisions/009).
  if (table === 'favorites') await contentChanged(db, [`author:${reader.username}`], now);
  return reactionState(db, table, article.id, reader.id);
}

export async function reactionState(db: Kysely<DB>, table: Reaction, articleId: number, readerId: number | null) {
  const queries = REACTION_QUERIES[table];
  const [counted, mine] = await Promise.all([queries.count.first(db, articleId), readerId === null ? undefined : queries.mine.first(db, articleId, readerId)]);
  return { count: Number(counted?.count ?? 0), status: mine !== undefined };
}

/** Every article page asks these: built once (db/preparedQuery.ts). The counts are kept by triggers (server/content/counters.ts). */
const reactionQueries = (table: Reaction) => ({
  count: preparedQuery(1, (db, articleId: number) =>
    db
      .selectFrom('article_counts')
      .select(`${table === 'likes' ? 'like_count' : 'favorite_count'} as count`)
      .where('article_id', '=', articleId),
  ),
  mine: preparedQuery(2, (db, articleId: number, readerId: number) =>
    db.selectFrom(table).select('user_id').where('article_id', '=', articleId).where('user_id', '=', readerId),
  ),
});
const REACTION_QUERIES = { likes: reactionQueries('likes'), favorites: reactionQueries('favorites') };

const followerCount = preparedQuery(1, (db, userId: number) => db.selectFrom('user_counts').select('follower_count as count').where('user_id', '=', userId));
const followsBetween = preparedQuery(2, (db, userId: number, readerId: number) =>
  db
    .selectFrom('follows')
    .select(['follower_id', 'followee_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', readerId), eb('followee_id', '=', userId)]),
        eb.and([eb('follower_id', '=', userId), eb('followee_id', '=', readerId)]),
      ]),
    ),
);

/** Follows or unfollows a user by name; following oneself is refused. */
export async function follow(db: Kysely<DB>, reader: User, username: string, on: boolean, now: number, bus?: NotificationBus): Promise<FollowState> {
  const followee = await db.selectFrom('users').select(['id', 'status']).where('username', '=', username).executeTakeFirst();
  if (!followee || followee.status === 'inactive' || followee.status === 'banned') {
    throw new DomainError('invalid', 'No such user.', 'following_name');
  }
  if (followee.id === reader.id) throw new DomainError('invalid', 'You cannot follow yourself.', 'following_name');
  if (on) {
    const notified = await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('follows')
        .values({ follower_id: reader.id, followee_id: followee.id, created_at: now })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .returning('follower_id')
        .executeTakeFirst();
      return added ? notify(trx, { recipientId: followee.id, actorId: reader.id, type: 'follow' }, now) : undefined;
    });
    announce(bus, notified);
  } else {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('follows').where('follower_id', '=', reader.id).where('followee_id', '=', followee.id).execute();
      await unfollowed(trx, reader.id, followee.id, now);
    });
  }
  return followState(db, followee.id, reader.id);
}

/** The follower count of a user and how the reader relates to them. */
export async function followState(db: Kysely<DB>, userId: number, readerId: number | null): Promise<FollowState> {
  const [counted, relations] = await Promise.all([
    followerCount.first(db, userId),
    readerId === null || readerId === userId ? [] : followsBetween.all(db, userId, readerId),
  ]);
  const count = counted?.count ?? 0;
  const following = relations.some((r) => r.follower_id === readerId);
  const followedBack = relations.some((r) => r.follower_id === userId);
  const status: FollowStatus = following ? (followedBack ? 'bidirectional' : 'following') : null;
  return { follower_count: Number(count), follow_status: status };
}
