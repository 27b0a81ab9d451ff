import { describe, expect, it } from 'vitest';
import { createBooklet } from '../../server/content/createBooklet';
import { chapterLockedFor, lockingBooklet, paidChapterArticleIds } from '../../server/content/paywall';
import type { User } from '../../server/db/schema';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson } from '../support/people';
import { testDatabase } from '../support/testDatabase';

describe('the booklet paywall', async () => {
  const database = await testDatabase();
  const { db } = database;
  const now = Date.now();
  const owner = await createPerson(database, 'owner');
  const author = await createPerson(database, 'author');
  const buyer = await createPerson(database, 'buyer');
  const stranger = await createPerson(database, 'stranger');
  const operator = await createPerson(database, 'operator');
  const otherBuyer = await createPerson(database, 'otherbuyer');
  await db.updateTable('users').set({ role: 'operator' }).where('id', '=', operator.id).execute();
  const user = async (id: number): Promise<User> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const article = (slug: string, authorId: number) => writeArticle(database, authorId, slug, { title: slug, ...writtenAt(now) });
  const free = await article('free-one', owner.id);
  const paid = await article('paid-one', author.id);
  const nested = await article('nested-paid', owner.id);
  const loose = await article('not-in-a-booklet', owner.id);
  const guide = await createBooklet(
    db,
    {
      slug: 'guide',
      ownerId: owner.id,
      name: 'Guide',
      priceCents: 990,
      currency: 'CNY',
      items: [
        { type: 'article', articleId: free, slug: 'free-one' },
        {
          type: 'directory',
          slug: 'part-two',
          title: 'Part two',
          children: [
            { type: 'article', articleId: paid, slug: 'paid-one', salesMode: 'payment_required' },
            { type: 'article', articleId: nested, slug: 'nested', salesMode: 'payment_required' },
          ],
        },
      ],
    },
    now,
  );
  // The same paid article, also placed free in another booklet: still paid content.
  const other = await createBooklet(db, { slug: 'other', ownerId: stranger.id, name: 'Other', items: [{ type: 'article', articleId: paid, slug: 'p' }] }, now);
  await db.insertInto('booklet_purchases').values({ booklet_id: guide, user_id: buyer.id, order_ref: null, created_at: now }).execute();
  await db.insertInto('booklet_purchases').values({ booklet_id: other, user_id: otherBuyer.id, order_ref: null, created_at: now }).execute();

  it('picks exactly the payment_required chapters out of the articles asked about', async () => {
    const loose = await article('loose', owner.id);
    expect(await paidChapterArticleIds(db, [free, paid, nested, loose])).toEqual(new Set([paid, nested]));
    expect(await paidChapterArticleIds(db, [free, nested])).toEqual(new Set([nested]));
    expect(await paidChapterArticleIds(db, [])).toEqual(new Set());
  });

  it('locks paid chapters for the anonymous reader, a stranger, and a buyer of a booklet that gives it free', async () => {
    for (const reader of [null, await user(stranger.id), await user(otherBuyer.id)]) {
      expect(await chapterLockedFor(db, paid, reader)).toBe(true);
      expect(await chapterLockedFor(db, nested, reader)).toBe(true);
    }
    expect(await lockingBooklet(db, paid, null)).toEqual({ id: guide, slug: 'guide', name: 'Guide', price_cents: 990, currency: 'CNY', chapter: 'paid-one' });
  });

  it('opens paid chapters to the buyer, the booklet owner, the article author and operators', async () => {
    for (const id of [buyer.id, owner.id, operator.id]) {
      expect(await chapterLockedFor(db, paid, await user(id))).toBe(false);
      expect(await chapterLockedFor(db, nested, await user(id))).toBe(false);
    }
    expect(await chapterLockedFor(db, paid, await user(author.id))).toBe(false);
    // The author of one chapter does not get the others.
    expect(await chapterLockedFor(db, nested, await user(author.id))).toBe(true);
  });

  it('never locks free chapters or articles outside booklets', async () => {
    for (const reader of [null, await user(stranger.id)]) {
      expect(await chapterLockedFor(db, free, reader)).toBe(false);
      expect(await chapterLockedFor(db, loose, reader)).toBe(false);
      expect(await chapterLockedFor(db, 999999, reader)).toBe(false);
    }
  });

  it("keeps a trashed booklet's paid chapters locked", async () => {
    await db.updateTable('booklets').set({ trashed: 1 }).where('id', '=', guide).execute();
    expect(await chapterLockedFor(db, nested, null)).toBe(true);
    expect(await chapterLockedFor(db, nested, await user(buyer.id))).toBe(false);
    await db.updateTable('booklets').set({ trashed: 0 }).where('id', '=', guide).execute();
  });
});

describe('storing a booklet', async () => {
  const database = await testDatabase();
  const owner = await createPerson(database, 'owner');

  it('refuses the reserved slug of the end page', async () => {
    await expect(
      createBooklet(
        database.db,
        { slug: 'b', ownerId: owner.id, name: 'B', items: [{ type: 'directory', slug: 'end', title: 'End', children: [] }] },
        Date.now(),
      ),
    ).rejects.toThrow(/end page/);
    expect(await database.db.selectFrom('booklets').selectAll().execute()).toEqual([]);
  });
});
