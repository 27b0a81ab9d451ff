import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BookletDetail, BookletItemDetail } from '../../shared/entities';
import { PageViewCounter } from '../../server/content/pageViews';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { bookletFixture, PAID_DESCRIPTION, SECRET } from './booklets.fixture';

describe('booklets: reading', async () => {
  const { app, database } = await testApp();
  const { db } = database;
  const { ann } = await bookletFixture(database);
  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, 'correct horse battery')).status).toBe(200);
    return visitor;
  };
  const [annV, benV, catV] = [await signedIn('ann'), await signedIn('ben'), await signedIn('cat')];
  const anonymous = { get: (path: string) => request(app).get(path) };

  it('answers the booklet with its reading tree, dropping unreadable chapters and empty directories', async () => {
    const res = await anonymous.get('/api/booklets/field-guide/').expect(200);
    const booklet = res.body as BookletDetail;
    expect(booklet).toMatchObject({
      slug: 'field-guide',
      name: 'Field Guide',
      heading: 'A heading',
      description: 'About the guide',
      owner: { username: 'ann', column: '/@ann/' },
      payment: { bought: false, price: { amount_cents: 1200, currency: 'CNY' }, paid_chapters: 1 },
      rating: { average: null, count: 0 },
      my_rating: null,
    });
    expect(booklet.children.map((n) => [n.slug, n.type, n.children.map((c) => c.slug)])).toEqual([
      ['opening', 'article', []],
      ['part-two', 'directory', ['second', 'paid']],
    ]);
    expect(booklet.children[1]?.children[1]?.detail).toMatchObject({ title: 'Title of paid-chapter', sales_mode: 'payment_required', locked: true });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
  });

  it('tells the buyer and the owner the paid chapter is open; the author sees the private chapter', async () => {
    const forBen = (await benV.get('/api/booklets/field-guide/')).body as BookletDetail;
    expect(forBen.payment.bought).toBe(true);
    expect(forBen.children[1]?.children[1]?.detail.locked).toBe(false);
    const forAnn = (await annV.get('/api/booklets/field-guide/')).body as BookletDetail;
    expect(forAnn.payment.bought).toBe(false);
    expect(forAnn.children[1]?.children.map((c) => [c.slug, c.detail.locked])).toEqual([
      ['second', false],
      ['paid', false],
      ['hidden', false],
    ]);
  });

  it('answers a free chapter with its article, neighbours and end after the last', async () => {
    const opening = (await anonymous.get('/api/booklets/field-guide/item/opening/').expect(200)).body as BookletItemDetail;
    expect(opening).toMatchObject({ type: 'article', title: 'Title of opening', locked: false, previous: null, next: { slug: 'second' } });
    expect(opening.detail?.content).toBe('<p>Free opening words</p>');
    expect(opening.detail?.theme).toBe('theme-2');
    const last = (await anonymous.get('/api/booklets/field-guide/item/paid/').expect(200)).body as BookletItemDetail;
    expect(last).toMatchObject({ previous: { slug: 'second' }, next: { slug: 'end', title: '' } });
    const directory = (await anonymous.get('/api/booklets/field-guide/item/part-two/').expect(200)).body as BookletItemDetail;
    expect(directory).toMatchObject({ type: 'directory', title: 'Part two', detail: null, next: { slug: 'second' } });
    expect(directory.children.map((c) => c.slug)).toEqual(['second', 'paid']);
  });

  it('gives no paid content to the anonymous reader, a signed-in stranger, or through the article API', async () => {
    for (const get of [anonymous.get, (path: string) => catV.get(path)]) {
      const item = await get('/api/booklets/field-guide/item/paid/');
      expect(item.status).toBe(200);
      expect(item.body).toMatchObject({ locked: true, sales_mode: 'payment_required', detail: { content: '', description: '' } });
      expect(item.body.detail.paywall).toEqual({
        booklet: { slug: 'field-guide', name: 'Field Guide', price: { amount_cents: 1200, currency: 'CNY' } },
        chapter: 'paid',
      });
      const article = await get('/api/article/paid-chapter/');
      expect(article.status).toBe(200);
      expect(article.body).toMatchObject({ content: '', description: '', title: 'Title of paid-chapter', paywall: { chapter: 'paid' } });
      for (const res of [item, article]) {
        expect(res.text).not.toContain(SECRET);
        expect(res.text).not.toContain(PAID_DESCRIPTION);
      }
    }
  });

  it('gives the paid chapter to its buyer and to the owner, by either API', async () => {
    for (const visitor of [benV, annV]) {
      const item = await visitor.get('/api/booklets/field-guide/item/paid/');
      expect(item.body).toMatchObject({ locked: false, detail: { content: `<p>${SECRET}</p>`, description: PAID_DESCRIPTION, paywall: null } });
      const article = await visitor.get('/api/article/paid-chapter/');
      expect(article.body).toMatchObject({ content: `<p>${SECRET}</p>`, paywall: null });
    }
  });

  it('keeps free articles free', async () => {
    const res = await anonymous.get('/api/article/opening/').expect(200);
    expect(res.body).toMatchObject({ content: '<p>Free opening words</p>', paywall: null });
  });

  it('answers unknown booklets and chapters, end, bad slugs and unreadable chapters with the reading errors', async () => {
    expect((await anonymous.get('/api/booklets/nope/')).body).toEqual({ detail: 'Does Not Exist' });
    expect((await anonymous.get('/api/booklets/nope/')).status).toBe(404);
    expect((await anonymous.get('/api/booklets/field-guide/item/nope/')).status).toBe(404);
    expect((await anonymous.get('/api/booklets/field-guide/item/end/')).status).toBe(404);
    expect((await anonymous.get('/api/booklets/field-guide/item/empty/')).status).toBe(404);
    expect((await anonymous.get('/api/booklets/%3Cscript%3E/')).status).toBe(404);
    expect((await anonymous.get(`/api/booklets/${'x'.repeat(300)}/`)).status).toBe(404);
    const hidden = await catV.get('/api/booklets/field-guide/item/hidden/');
    expect(hidden.status).toBe(403);
    expect(hidden.body).toEqual({ detail: 'Private Article' });
    expect((await annV.get('/api/booklets/field-guide/item/hidden/')).status).toBe(200);
  });

  it('applies the reading rules to the owner: banned, then trashed', async () => {
    await db.updateTable('users').set({ status: 'suspended' }).where('id', '=', ann.id).execute();
    expect((await anonymous.get('/api/booklets/field-guide/')).body).toEqual({ detail: 'Article Suspended' });
    expect((await catV.get('/api/booklets/field-guide/item/opening/')).status).toBe(403);
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', ann.id).execute();
    await db.updateTable('booklets').set({ trashed: 1 }).where('slug', '=', 'field-guide').execute();
    expect((await anonymous.get('/api/booklets/field-guide/')).status).toBe(404);
    // What was sold stays sold: the paid article is still locked when read directly.
    expect((await anonymous.get('/api/article/paid-chapter/')).body.content).toBe('');
    await db.updateTable('booklets').set({ trashed: 0 }).where('slug', '=', 'field-guide').execute();
  });
});

describe('booklets: chapter reads and the page-view quota', async () => {
  const database = await testDatabase();
  const pageViews = new PageViewCounter({ db: database.db, now: Date.now, flushMs: 60_000, limitOf: () => 2 });
  const { app } = await testApp({ deps: { database, pageViews } });
  await bookletFixture(database);

  it('counts each chapter read as a read of its article, and refuses past the quota; the catalogue is not counted', async () => {
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/booklets/field-guide/')).status).toBe(200);
    expect((await request(app).get('/api/booklets/field-guide/item/opening/')).status).toBe(200);
    expect((await request(app).get('/api/booklets/field-guide/item/second/')).status).toBe(200);
    const refused = await request(app).get('/api/booklets/field-guide/item/opening/');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Visiting Traffic Exhausted' });
  });
});
