import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ColumnDetail } from '../../shared/column';
import type { ArticleDetail, ArticleSummary, BookletCard, Page } from '../../shared/entities';
import { notAChapter, notInAnyChapter } from '../../server/content/chapters';
import { createBooklet } from '../../server/content/createBooklet';
import { openArticles } from '../../server/content/publicArticles';
import { writeArticle, writtenAt } from '../support/articles';
import { testApp } from '../support/testApp';
import { bookletFixture, PAID_DESCRIPTION, SECRET } from './booklets.fixture';

const ORIGIN = 'http://zine.example';

// Booklets in the reader's path (docs/decisions/067-booklets-in-lists-and-readable-slugs.md): the lists of
// loose articles leave chapters out and show booklets as cards; a chapter's own page names its booklet.
describe('booklets in the reader lists', async () => {
  const { app, database } = await testApp({ config: { publicOrigin: ORIGIN } });
  const { db } = database;
  const { ann } = await bookletFixture(database);
  const now = Date.now();
  const loose = await writeArticle(database, ann.id, 'loose-one', { title: 'A loose article', ...writtenAt(now + 1000) });
  await writeArticle(database, ann.id, 'loose-two', { title: 'Another loose one', ...writtenAt(now + 2000) });
  const get = async <T>(path: string): Promise<T> => {
    const res = await request(app).get(path);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as T;
  };
  /** Every item of a list, following its next links as a client does. */
  async function walk<T>(path: string): Promise<{ count: number; items: T[] }> {
    let page = await get<Page<T>>(path);
    const items = [...page.results];
    while (page.next) {
      const next = new URL(page.next);
      page = await get<Page<T>>(`${next.pathname}${next.search}`);
      expect(page.count).toBe(items.length + page.results.length + (page.next ? page.count - items.length - page.results.length : 0));
      items.push(...page.results);
    }
    return { count: page.count, items };
  }
  const chapterSlugs = ['opening', 'second', 'paid-chapter', 'hidden-chapter'];

  it('leaves booklet chapters, free and paid, out of the public list and counts what it shows', async () => {
    const list = await walk<ArticleSummary>('/api/v2/articles/public/?page_size=1');
    expect(list.items.map((a) => a.slug)).toEqual(['loose-two', 'loose-one']);
    expect(list.count).toBe(2);
    const deep = await get<Page<ArticleSummary>>('/api/v2/articles/public/?page=2&page_size=1');
    expect(deep).toMatchObject({ count: 2, previous: expect.stringContaining('page=1'), next: null });
    expect(deep.results.map((a) => a.slug)).toEqual(['loose-one']);
  });

  it("leaves them out of the author's column too, which lists the booklet as a card", async () => {
    const column = await get<ColumnDetail>('/api/columns/@ann/');
    expect(column.originals.count).toBe(2);
    expect(column.originals.results.map((a) => a.slug)).toEqual(['loose-two', 'loose-one']);
    expect(column.booklets).toMatchObject({ count: 1, next: null, previous: null });
    expect(column.booklets?.results).toEqual([
      {
        id: expect.any(Number),
        slug: 'field-guide',
        name: 'Field Guide',
        heading: 'A heading',
        cover: '',
        price: { amount_cents: 1200, currency: 'CNY' },
        // The private chapter is no chapter a reader can open.
        chapter_count: 3,
        modified: expect.any(String),
        author: { username: 'ann', avatar: expect.any(String), column: '/@ann/' },
      },
    ]);
    const originals = await walk<ArticleSummary>('/api/columns/originals/@ann/?page_size=1');
    expect(originals).toMatchObject({ count: 2 });
    expect(originals.items.map((a) => a.slug)).toEqual(['loose-two', 'loose-one']);
    expect((await get<Page<BookletCard>>('/api/columns/booklets/@ann/?page_size=5')).results.map((b) => b.slug)).toEqual(['field-guide']);
  });

  it('lists booklets for home and discovery, paged the DRF way, a free one without a price', async () => {
    await createBooklet(db, { slug: 'free-notes', ownerId: ann.id, name: 'Free notes', items: [{ type: 'article', articleId: loose, slug: 'l' }] }, now + 5000);
    try {
      const first = await get<Page<BookletCard>>('/api/v2/booklets/public/?page_size=1');
      expect(first).toMatchObject({ count: 2, previous: null, next: `${ORIGIN}/api/v2/booklets/public/?page_size=1&page=2` });
      expect(first.results.map((b) => [b.slug, b.price, b.chapter_count])).toEqual([['free-notes', null, 1]]);
      const second = await get<Page<BookletCard>>('/api/v2/booklets/public/?page=2&page_size=1');
      expect(second.results.map((b) => b.slug)).toEqual(['field-guide']);
      expect(second.next).toBeNull();
      // Its chapter left the loose lists with it, and the counts agree.
      const list = await get<Page<ArticleSummary>>('/api/v2/articles/public/');
      expect([list.count, list.results.map((a) => a.slug)]).toEqual([1, ['loose-two']]);
      expect((await get<ColumnDetail>('/api/columns/@ann/')).originals.count).toBe(1);
    } finally {
      await db.deleteFrom('booklets').where('slug', '=', 'free-notes').execute();
    }
  });

  it('gives a trashed booklet’s chapters back to the lists and drops its card', async () => {
    await db.updateTable('booklets').set({ trashed: 1 }).where('slug', '=', 'field-guide').execute();
    try {
      const list = await walk<ArticleSummary>('/api/v2/articles/public/?page_size=2');
      expect(list.count).toBe(5);
      expect(list.items.map((a) => a.slug).sort()).toEqual(['loose-one', 'loose-two', 'opening', 'paid-chapter', 'second']);
      expect((await get<Page<BookletCard>>('/api/v2/booklets/public/')).count).toBe(0);
      expect((await get<ColumnDetail>('/api/columns/@ann/')).booklets?.count).toBe(0);
    } finally {
      await db.updateTable('booklets').set({ trashed: 0 }).where('slug', '=', 'field-guide').execute();
    }
  });

  it('leaves out the same chapters on a deep page, where they are one set, as on a shallow one, where each is probed', async () => {
    const looseIds = async (loose: typeof notAChapter) =>
      (await openArticles(db).where(loose).select('articles.id').orderBy('articles.id').execute()).map((row) => row.id);
    // The fixture's booklet has a directory (an item with no article): a NULL in the set would leave nothing out of it.
    expect(await db.selectFrom('booklet_items').select('id').where('article_id', 'is', null).execute()).not.toHaveLength(0);
    const probed = await looseIds(notAChapter);
    expect(probed).toHaveLength(2);
    expect(await looseIds(notInAnyChapter)).toEqual(probed);
    await db.updateTable('booklets').set({ trashed: 1 }).where('slug', '=', 'field-guide').execute();
    try {
      expect(await looseIds(notInAnyChapter)).toEqual(await looseIds(notAChapter));
      expect(await looseIds(notInAnyChapter)).toHaveLength(5);
    } finally {
      await db.updateTable('booklets').set({ trashed: 0 }).where('slug', '=', 'field-guide').execute();
    }
  });

  it('never shows paid chapter text in any list', async () => {
    await db.updateTable('booklets').set({ trashed: 1 }).where('slug', '=', 'field-guide').execute();
    try {
      // Even back among the loose articles, a paid chapter's summary stays blank.
      for (const path of ['/api/v2/articles/public/', '/api/columns/@ann/', '/api/columns/originals/@ann/']) {
        const body = JSON.stringify(await get<unknown>(path));
        expect(body, path).not.toContain(SECRET);
        expect(body, path).not.toContain(PAID_DESCRIPTION);
      }
    } finally {
      await db.updateTable('booklets').set({ trashed: 0 }).where('slug', '=', 'field-guide').execute();
    }
    for (const path of [
      '/api/v2/articles/public/',
      '/api/v2/booklets/public/',
      '/api/columns/@ann/',
      '/api/columns/booklets/@ann/',
      '/',
      '/found/',
      '/@ann/',
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(SECRET);
      expect(res.text, path).not.toContain(PAID_DESCRIPTION);
      for (const slug of chapterSlugs) expect(res.text, path).not.toContain(`/article/${slug}/`);
    }
  });

  it("names a chapter's booklet and its neighbours on the chapter's own article page", async () => {
    const opening = await get<ArticleDetail>('/api/article/opening/');
    expect(opening.booklet_place).toEqual({
      booklet: { slug: 'field-guide', name: 'Field Guide' },
      chapter: 'opening',
      previous: null,
      next: { slug: 'second', title: 'Title of second' },
    });
    const second = await get<ArticleDetail>('/api/article/second/');
    expect(second.booklet_place).toMatchObject({ previous: { slug: 'opening' }, next: { slug: 'paid', title: 'Title of paid-chapter' } });
    // The last chapter has no next one (the booklet's end page is the booklet's own).
    const paid = await get<ArticleDetail>('/api/article/paid-chapter/');
    expect(paid.booklet_place).toMatchObject({ previous: { slug: 'second' }, next: null });
    expect(paid.content).toBe('');
    expect((await get<ArticleDetail>('/api/article/loose-one/')).booklet_place).toBeNull();

    const page = await request(app).get('/article/second/').expect(200);
    expect(page.text).toContain('href="/booklet/field-guide/"');
    expect(page.text).toContain('href="/booklet/field-guide/opening"');
    expect(page.text).toContain('href="/booklet/field-guide/paid"');
    expect(page.text).toContain('Title of paid-chapter');
    expect(page.text).not.toContain(SECRET);
  });

  it('links the column home and the home page to the booklet', async () => {
    for (const path of ['/@ann/', '/', '/found/']) {
      const page = await request(app).get(path).expect(200);
      expect(page.text, path).toContain('href="/booklet/field-guide/"');
      expect(page.text, path).toContain('Field Guide');
    }
  });
});
