import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { READABLE_FOREVER } from '../../server/content/counters';
import { recountAll } from '../../server/content/keptCounts';
import type { Database } from '../../server/db/connection';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

/** Every stored count, in a stable order: what the triggers kept, to compare with a recount from the rows. */
async function storedCounts(database: Database) {
  const db = database.db;
  const [articles, users, notifications] = await Promise.all([
    db.selectFrom('article_counts').select(['article_id', 'like_count', 'favorite_count', 'comment_count']).orderBy('article_id').execute(),
    db.selectFrom('user_counts').select(['user_id', 'follower_count', 'public_article_count', 'readable_until']).orderBy('user_id').execute(),
    db.selectFrom('notification_counts').select(['recipient_id', 'type', 'total', 'unread']).orderBy('recipient_id').orderBy('type').execute(),
  ]);
  // A row of zeros left behind by decrements means the same as no row.
  return {
    articles: articles
      .filter((r) => r.like_count !== 0 || r.favorite_count !== 0 || r.comment_count !== 0)
      .map((r) => ({ ...r, article_id: Number(r.article_id) })),
    users: users
      .filter((r) => r.follower_count !== 0 || r.public_article_count !== 0)
      .map((r) => ({ ...r, user_id: Number(r.user_id), readable_until: Number(r.readable_until) })),
    notifications: notifications.filter((r) => r.total !== 0),
  };
}

/** The counts recomputed from the rows, leaving the stored ones as they were. */
async function recounted(database: Database) {
  let counts: Awaited<ReturnType<typeof storedCounts>> | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      await recountAll(trx);
      counts = await storedCounts({ ...database, db: trx });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (!counts) throw new Error('no recount');
  return counts;
}

class Rollback extends Error {}

describe('counts kept with the rows they count', async () => {
  // Thirteen people sign in from one address: past the default sign-in limit.
  const { app, database } = await testApp({ deps: { limits: { signIn: 100, reset: 5 } } });
  const author = await createPerson(database, 'writer');
  const other = await createPerson(database, 'second');
  const slugs = ['one', 'two', 'three'];
  const articleIds = await Promise.all(slugs.map((slug) => writeArticle(database, author.id, slug)));
  await writeArticle(database, other.id, 'elsewhere');
  const readers = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      await createPerson(database, `reader${i}`);
      const visitor = new Visitor(app);
      await visitor.signIn(`reader${i}@example.com`, PASSWORD);
      return visitor;
    }),
  );

  it('starts from counts that match the rows', async () => {
    const stored = await storedCounts(database);
    expect(stored.users).toEqual([
      { user_id: author.id, follower_count: 0, public_article_count: 3, readable_until: READABLE_FOREVER },
      { user_id: other.id, follower_count: 0, public_article_count: 1, readable_until: READABLE_FOREVER },
    ]);
    expect(stored).toEqual(await recounted(database));
  });

  it('stay exact under concurrent likes, favourites, follows, comments, replies and their undoing', async () => {
    const comments = await Promise.all(readers.slice(0, 4).map((r, i) => r.post(`/api/comments/article/${slugs[i % 3]}/`, { text: `top ${i}` })));
    const parents = comments.map((c) => Number(c.body.id));
    // Every reader at once (each reader's own requests one after another, as one browser sends them), twice over, undoing half of it.
    const statuses: number[] = [];
    const inTurn = async (reader: Visitor, requests: readonly (readonly [string, object, 'delete'?])[]) => {
      for (const [path, body, method] of requests) {
        const res = method === 'delete' ? await reader.agent.delete(path).set('X-CSRFToken', reader.csrf).send(body) : await reader.post(path, body);
        statuses.push(res.status);
      }
    };
    await Promise.all(
      readers.map((reader, i) =>
        inTurn(reader, [
          ...slugs.flatMap((slug) => [
            ['/api/columns/thumbsup/', { article_slug: slug }] as const,
            ['/api/columns/thumbsup/', { article_slug: slug }] as const,
            ['/api/columns/favorite/', { article_slug: slug }] as const,
          ]),
          ['/api/follow/user/', { following_name: 'writer' }],
          ['/api/follow/user/', { following_name: 'second' }],
          [`/api/comments/article/${slugs[(i % parents.length) % 3]}/`, { text: `reply ${i}`, parent: parents[i % parents.length] }],
          [`/api/comments/article/${slugs[(i + 1) % 3]}/`, { text: `comment ${i}` }],
        ]),
      ),
    );
    await Promise.all(
      readers.map((reader, i) =>
        inTurn(
          reader,
          i % 2 === 0
            ? [
                ['/api/columns/thumbsup/', { article_slug: 'one', cancel: true }],
                ['/api/columns/favorite/', { article_slug: 'two', cancel: true }],
                ['/api/follow/user/', { following_name: 'writer' }, 'delete'],
              ]
            : [['/api/columns/thumbsup/', { article_slug: 'one' }]],
        ),
      ),
    );
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);

    const stored = await storedCounts(database);
    expect(stored).toEqual(await recounted(database));
    const likesOfOne = stored.articles.find((r) => r.article_id === articleIds[0]);
    expect(likesOfOne?.like_count).toBe(6);
    expect(stored.users.find((r) => r.user_id === author.id)?.follower_count).toBe(6);
    expect(stored.users.find((r) => r.user_id === other.id)?.follower_count).toBe(12);
    // What readers are shown is the count of rows.
    const shown = await readers[1]?.get('/api/article/one/');
    expect(shown?.body).toMatchObject({ thumb_up_count: 6, thumb_up_status: true, favorite_count: 12 });
    const listed = await readers[1]?.get('/api/comments/article/one/?page_size=50');
    const topLevel = await database.db
      .selectFrom('comments')
      .select(sql<number>`count(*)`.as('n'))
      .where('article_id', '=', articleIds[0] ?? 0)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(listed?.body.count).toBe(Number(topLevel.n));
    expect(listed?.body.results).toHaveLength(Number(topLevel.n));
  });

  it('follow an article out of the public list and back, and the deletions of articles, comments and people', async () => {
    const db = database.db;
    const [one, two, three] = articleIds;
    if (one === undefined || two === undefined || three === undefined) throw new Error('articles missing');
    await Promise.all([
      db.updateTable('articles').set({ visibility: 'private' }).where('id', '=', one).execute(),
      db.updateTable('articles').set({ moderation: 'banned' }).where('id', '=', two).execute(),
      db.updateTable('articles').set({ trashed: 1 }).where('id', '=', two).execute(),
    ]);
    expect((await storedCounts(database)).users.find((r) => r.user_id === author.id)?.public_article_count).toBe(1);
    await db.updateTable('articles').set({ visibility: 'public' }).where('id', '=', one).execute();
    await db.updateTable('articles').set({ author_id: other.id }).where('id', '=', three).execute();
    const users = (await storedCounts(database)).users;
    expect(users.find((r) => r.user_id === author.id)?.public_article_count).toBe(1);
    expect(users.find((r) => r.user_id === other.id)?.public_article_count).toBe(2);

    // A notification read moves from unread; reading all of them empties the unread count.
    const bell = new Visitor(app);
    await bell.signIn('writer@example.com', PASSWORD);
    const unreadBefore = (await bell.get('/api/notification/count/?filter=unread')).body.results[0].unread_count;
    const listed = await bell.get('/api/notification/?filter=unread&page_size=50');
    expect(listed.body.count).toBe(unreadBefore);
    expect(unreadBefore).toBeGreaterThan(0);
    await Promise.all([bell.agent.put('/api/notification/?filter=unread').set('X-CSRFToken', bell.csrf).send({ read: true }), bell.get('/api/notification/')]);
    expect((await bell.get('/api/notification/count/?filter=unread')).body.results[0].unread_count).toBe(0);

    // Deleting a comment thread, an article (its likes, favourites and comments go with it) and a person.
    const firstTop = await db.selectFrom('comments').select('id').where('article_id', '=', three).where('parent_id', 'is', null).executeTakeFirstOrThrow();
    await db.deleteFrom('comments').where('id', '=', firstTop.id).execute();
    await db.deleteFrom('articles').where('id', '=', two).execute();
    const gone = await db.selectFrom('users').select('id').where('username', '=', 'reader3').executeTakeFirstOrThrow();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await storedCounts(database)).toEqual(await recounted(database));
  });

  it('follow whether an author may be read: status, a membership bought, lapsing and renewed', async () => {
    const db = database.db;
    const publicCount = async () => (await request(app).get('/api/v2/articles/public/?page_size=50')).body as { count: number; results: unknown[] };
    const before = await publicCount();
    expect(before.count).toBe(before.results.length);
    expect(before.count).toBeGreaterThan(0);
    const now = Date.now();
    await db
      .updateTable('users')
      .set({ membership_tier: 'vip', membership_expires_at: now + 1_000 })
      .where('id', '=', other.id)
      .execute();
    expect(await storedCounts(database)).toEqual(await recounted(database));
    expect((await publicCount()).count).toBe(before.count);
    // The membership lapses with no write at all: its articles leave the list and its count.
    await db
      .updateTable('users')
      .set({ membership_expires_at: now - 1 })
      .where('id', '=', other.id)
      .execute();
    const lapsed = await publicCount();
    expect(lapsed.count).toBe(lapsed.results.length);
    expect(lapsed.count).toBeLessThan(before.count);
    await db.updateTable('users').set({ membership_tier: null, membership_expires_at: null, status: 'banned' }).where('id', '=', other.id).execute();
    expect((await publicCount()).count).toBe(lapsed.count);
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', other.id).execute();
    expect((await publicCount()).count).toBe(before.count);
    expect(await storedCounts(database)).toEqual(await recounted(database));
  });
});
