import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';
import { bookletFixture, PAID_DESCRIPTION, SECRET } from './booklets.fixture';

/** Every surface a non-buyer can reach: none may carry the paid chapter's words or its summary. */
describe('booklet pages and the paywall in HTML', async () => {
  const { app, database } = await testApp();
  await bookletFixture(database);
  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, 'correct horse battery')).status).toBe(200);
    return visitor;
  };
  const [ben, cat] = [await signedIn('ben'), await signedIn('cat')];
  const anonymous = { get: (path: string) => request(app).get(path) };
  const leaks = (text: string) => text.includes(SECRET) || text.includes(PAID_DESCRIPTION);

  it('renders the overview with the catalogue, chapters, price and ratings on the server', async () => {
    const res = await anonymous.get('/booklet/field-guide/').expect(200);
    expect(res.text).toContain('<title>Field Guide - Zine</title>');
    expect(res.text).toContain('class="booklet-catalogue"');
    expect(res.text).toContain('Title of opening');
    expect(res.text).toContain('Part two');
    expect(res.text).not.toContain('Title of hidden-chapter');
    expect(res.text).toContain('¥12.00');
    expect(res.text).toContain('Ratings and reviews');
    expect(jsonBlock(res.text, '__STATE__')).toMatchObject({ booklet: { current: { slug: 'field-guide' } } });
  });

  it('escapes what readers wrote in their reviews', async () => {
    await cat.post('/api/booklets/field-guide/ratings/', { rating: 2, review: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
    const res = await anonymous.get('/booklet/field-guide/').expect(200);
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<img src=x');
  });

  it('renders a free chapter with its content, theme and neighbours, and the end page', async () => {
    const res = await anonymous.get('/booklet/field-guide/opening').expect(200);
    expect(res.text).toContain('Free opening words');
    // Once: in the page, not again in the snapshot (decision 053).
    expect(res.text.split('<p>Free opening words</p>')).toHaveLength(2);
    expect(jsonBlock(res.text, '__STATE__')).toMatchObject({ booklet: { item: { slug: 'opening', detail: { content: '' } }, bodyInPage: true } });
    expect(res.text).toContain('article--theme-2');
    expect(res.text).toContain('href="/booklet/field-guide/second"');
    expect((await anonymous.get('/booklet/field-guide/opening/')).status).toBe(200);
    expect((await anonymous.get('/booklet/field-guide')).status).toBe(200);
    const end = await anonymous.get('/booklet/field-guide/end').expect(200);
    expect(end.text).toContain('You have reached the end of Field Guide.');
    expect(end.text).toContain('href="/booklet/field-guide/paid"');
  });

  it('answers unknown booklets and chapters with the 404 screen', async () => {
    expect((await anonymous.get('/booklet/nope/')).status).toBe(404);
    expect((await anonymous.get('/booklet/field-guide/nope')).status).toBe(404);
    expect((await anonymous.get('/booklet/field-guide/empty')).status).toBe(404);
    expect((await anonymous.get('/booklet/')).status).toBe(404);
  });

  it('shows a non-buyer the purchase prompt, and nothing of the chapter, in the chapter and article pages', async () => {
    for (const get of [anonymous.get, (path: string) => cat.get(path)]) {
      for (const path of ['/booklet/field-guide/paid', '/article/paid-chapter/']) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.text).toContain('class="paywall booklet-paywall"');
        expect(res.text).toContain('Buy for ¥12.00');
        expect(res.text).toContain('Title of paid-chapter');
        // Not in the body, the head's meta tags, the JSON-LD or the store snapshot.
        expect(leaks(res.text)).toBe(false);
      }
    }
  });

  it('shows the buyer the paid chapter', async () => {
    for (const path of ['/booklet/field-guide/paid', '/article/paid-chapter/']) {
      const res = await ben.get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain(SECRET);
      expect(res.text).not.toContain('booklet-paywall');
    }
  });

  it("leaves the paid chapter's summary out of the public lists and pages", async () => {
    const surfaces = ['/', '/found', '/@ann/', '/api/v2/articles/public/', '/api/v2/booklets/public/', '/api/columns/@ann/', '/@ann/feed.xml', '/sitemap.xml'];
    for (const path of surfaces) {
      const res = await anonymous.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(leaks(res.text), path).toBe(false);
    }
    // The chapter is read in its booklet, which the lists show instead (docs/decisions/067-booklets-in-lists-and-readable-slugs.md).
    const list = await anonymous.get('/api/v2/articles/public/').expect(200);
    expect(list.body.results.find((a: { slug: string }) => a.slug === 'paid-chapter')).toBeUndefined();
    // A trashed booklet gives its chapters back to the lists; what it sold stays without a summary.
    await database.db.updateTable('booklets').set({ trashed: 1 }).where('slug', '=', 'field-guide').execute();
    try {
      for (const path of surfaces) expect(leaks((await anonymous.get(path)).text), path).toBe(false);
      const loose = await anonymous.get('/api/v2/articles/public/').expect(200);
      expect(loose.body.results.find((a: { slug: string }) => a.slug === 'paid-chapter')).toMatchObject({ title: 'Title of paid-chapter', description: '' });
    } finally {
      await database.db.updateTable('booklets').set({ trashed: 0 }).where('slug', '=', 'field-guide').execute();
    }
  });
});
