import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ArticleSummary, Page } from '../../shared/entities';
import type { ColumnDetail } from '../../shared/column';
import type { Database } from '../../server/db/connection';
import { createBooklet } from '../../server/content/createBooklet';
import { recountAll } from '../../server/content/keptCounts';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testEngine } from '../support/testDatabase';

class Rollback extends Error {}

/** Every author's kept chapter count beside their article count (rows of zeros mean no row). */
async function chapterCounts(database: Database): Promise<Record<number, [number, number]>> {
  const rows = await database.db.selectFrom('user_counts').select(['user_id', 'public_article_count', 'public_chapter_count']).execute();
  return Object.fromEntries(
    rows
      .filter((r) => r.public_article_count !== 0 || r.public_chapter_count !== 0)
      .map((r) => [Number(r.user_id), [r.public_article_count, r.public_chapter_count]]),
  );
}

/** The same counts recomputed from the rows, leaving the stored ones as they were. */
async function recounted(database: Database): Promise<Record<number, [number, number]>> {
  let counts: Record<number, [number, number]> | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      await recountAll(trx);
      counts = await chapterCounts({ ...database, db: trx });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (!counts) throw new Error('no recount');
  return counts;
}

// The lists of loose articles count `public_article_count - public_chapter_count` (server/content/chapterCounts.ts):
// whatever writes a booklet, its items or an article, the count a reader sees is the number of articles the list walks.
describe('chapter counts kept with booklets, their items and articles', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 100, reset: 5 } } });
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  const bob = await createPerson(database, 'bob');
  const owner = new Visitor(app);
  await owner.signIn('ann@example.com', PASSWORD);

  /** Every item of a list, following its next links as a client does. */
  async function walk(path: string): Promise<{ count: number; slugs: string[] }> {
    let res = await request(app).get(path);
    expect(res.status).toBe(200);
    let page = res.body as Page<ArticleSummary>;
    const count = page.count;
    const slugs = page.results.map((a) => a.slug);
    while (page.next) {
      const next = new URL(page.next);
      res = await request(app).get(`${next.pathname}${next.search}`);
      page = res.body as Page<ArticleSummary>;
      expect(page.count).toBe(count);
      slugs.push(...page.results.map((a) => a.slug));
    }
    return { count, slugs };
  }

  /** The public list, ann's column and the kept counts all agree with the rows. */
  async function expectConsistent(looseOfAnn: string[]) {
    const everyone = await walk('/api/v2/articles/public/?page_size=3');
    expect(everyone.count).toBe(everyone.slugs.length);
    const column = await request(app).get('/api/columns/@ann/');
    if (column.status === 200) expect((column.body as ColumnDetail).originals.count).toBe(looseOfAnn.length);
    else expect([column.status, looseOfAnn]).toEqual([404, []]);
    expect(everyone.slugs.filter((slug) => slug.startsWith('ann-')).sort()).toEqual([...looseOfAnn].sort());
    expect(await chapterCounts(database)).toEqual(await recounted(database));
  }

  const newBooklet = async (name: string): Promise<number> => {
    const res = await owner.post('/api/booklets/', { name: `Booklet ${name}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.id);
  };
  const place = async (booklet: number, article: number): Promise<number> => {
    const res = await owner.post(`/api/booklet/${booklet}/items/`, { type: 'article', article_id: article, parent_id: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.id);
  };

  const draft = await writeArticle(database, ann.id, 'ann-draft', { visibility: 'private' });
  const first = await writeArticle(database, ann.id, 'ann-first', { visibility: 'private' });
  await writeArticle(database, bob.id, 'bob-one');
  const guide = await newBooklet('guide');

  it("counts an author's first public article when it was placed in a booklet before it was published", async () => {
    await place(guide, first);
    await place(guide, draft);
    expect((await chapterCounts(database))[ann.id]).toBeUndefined();
    await db.updateTable('articles').set({ visibility: 'public' }).where('id', '=', first).execute();
    expect((await chapterCounts(database))[ann.id]).toEqual([1, 1]);
    await expectConsistent([]);
  });

  it('follows chapters placed at once in two booklets, articles published at once, and an article in two booklets', async () => {
    const more = await Promise.all(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f'].map((slug) => writeArticle(database, ann.id, slug)));
    const atlas = await newBooklet('atlas');
    const [a, b, c, d, e, f] = more;
    if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined || f === undefined) throw new Error('articles missing');
    await Promise.all([
      place(guide, a),
      place(atlas, b),
      place(guide, c),
      place(atlas, c),
      db.updateTable('articles').set({ visibility: 'public' }).where('id', '=', draft).execute(),
      place(atlas, d),
    ]);
    expect((await chapterCounts(database))[ann.id]).toEqual([8, 6]);
    await expectConsistent(['ann-e', 'ann-f']);
  });

  it('gives chapters back when an item leaves, a booklet is trashed or deleted, and takes them again on restore', async () => {
    const items = await db
      .selectFrom('booklet_items')
      .innerJoin('articles', 'articles.id', 'booklet_items.article_id')
      .select(['booklet_items.id', 'booklet_items.booklet_id', 'articles.slug'])
      .execute();
    const atlas = Number(items.find((i) => i.slug === 'ann-b')?.booklet_id);
    const itemOf = (slug: string, booklet: number) => items.find((i) => i.slug === slug && Number(i.booklet_id) === booklet)?.id;
    const remove = (path: string) => owner.agent.delete(path).set('X-CSRFToken', owner.csrf);
    // ann-c is in both booklets: leaving one keeps it a chapter.
    expect((await remove(`/api/booklet/${guide}/items/${itemOf('ann-c', guide)}/`)).status).toBe(204);
    await expectConsistent(['ann-e', 'ann-f']);
    expect((await remove(`/api/booklet/${guide}/items/${itemOf('ann-a', guide)}/`)).status).toBe(204);
    await expectConsistent(['ann-a', 'ann-e', 'ann-f']);
    expect((await remove(`/api/booklets/${atlas}/`)).status).toBe(204);
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
    expect((await owner.post(`/api/booklets/${atlas}/restore/`, {})).status).toBe(200);
    await expectConsistent(['ann-a', 'ann-e', 'ann-f']);
    // Trashed again, then deleted for good: its items go with it.
    expect((await remove(`/api/booklets/${atlas}/`)).status).toBe(204);
    expect((await remove(`/api/booklets/${atlas}/`)).status).toBe(204);
    expect(await db.selectFrom('booklets').select('id').where('id', '=', atlas).executeTakeFirst()).toBeUndefined();
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
  });

  it('follows a chapter moderated, made private, trashed and deleted, a booklet deleted while not trashed, and the author removed', async () => {
    const chapter = await writeArticle(database, ann.id, 'ann-chapter');
    await place(guide, chapter);
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
    await db.updateTable('articles').set({ moderation: 'banned' }).where('id', '=', chapter).execute();
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
    await db.updateTable('articles').set({ moderation: 'none', visibility: 'private' }).where('id', '=', chapter).execute();
    await db.updateTable('articles').set({ visibility: 'public' }).where('id', '=', chapter).execute();
    expect((await chapterCounts(database))[ann.id]?.[1]).toBe(3);
    await db.updateTable('articles').set({ trashed: 1 }).where('slug', 'in', ['ann-chapter', 'ann-first']).execute();
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
    await db.updateTable('articles').set({ trashed: 0 }).where('slug', 'in', ['ann-chapter', 'ann-first']).execute();
    await db.deleteFrom('articles').where('id', '=', chapter).execute();
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f']);
    expect((await chapterCounts(database))[ann.id]?.[1]).toBe(2);
    await db.deleteFrom('booklets').where('id', '=', guide).execute();
    await expectConsistent(['ann-a', 'ann-b', 'ann-c', 'ann-d', 'ann-e', 'ann-f', 'ann-first', 'ann-draft']);
    const last = await newBooklet('last');
    await place(last, first);
    await db.deleteFrom('users').where('id', '=', ann.id).execute();
    await expectConsistent([]);
    expect(await chapterCounts(database)).toEqual({ [bob.id]: [1, 0] });
  });
});

// Two transactions placing chapters of one author at once: the second counts after the first has
// committed (server/content/chapterCounts.ts locks the counts row first). SQLite writes one at a time.
describe.runIf(testEngine() === 'postgres')('chapter counts under two concurrent transactions', async () => {
  const { database } = await testApp();
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  const [x, y] = await Promise.all(['ann-x', 'ann-y'].map((slug) => writeArticle(database, ann.id, slug)));
  const booklet = await createBooklet(db, { slug: 'race', ownerId: ann.id, name: 'Race', items: [] }, Date.now());
  const item = (article: number | undefined, slug: string) =>
    ({ booklet_id: booklet, type: 'article', article_id: article ?? 0, slug, title: '', order: 0, sales_mode: 'free' }) as const;

  it('counts both chapters when the second is placed while the first is not yet committed', async () => {
    let firstPlaced: () => void = () => undefined;
    const placed = new Promise<void>((resolve) => {
      firstPlaced = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('booklet_items').values(item(x, 'x')).execute();
      firstPlaced();
      // Holds its transaction open while the second places its chapter.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const second = placed.then(() => db.transaction().execute((trx) => trx.insertInto('booklet_items').values(item(y, 'y')).execute()));
    await Promise.all([first, second]);
    const row = await db
      .selectFrom('user_counts')
      .select(['public_article_count', 'public_chapter_count'])
      .where('user_id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ public_article_count: 2, public_chapter_count: 2 });
  });
});
