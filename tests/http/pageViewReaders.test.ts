import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { DEFAULT_VIEWS_PER_ADDRESS, PageViewCounter } from '../../server/content/pageViews';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { bookletFixture, SECRET } from './booklets.fixture';

/** The month's quota of a base author here; premium authors get plenty. */
const LIMIT = 3;
/** Anonymous article reads an address may make a minute. */
const PER_MINUTE = 60;
const YEAR = 365 * 24 * 60 * 60_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// docs/decisions/059: one view per reader, article and UTC day; crawlers and the author uncounted;
// an address's flood refused (429) before it counts; buyers read their purchase whatever the quota.
describe('page views count readers, not requests', async () => {
  const database = await testDatabase();
  const { db } = database;
  const pageViews = new PageViewCounter({
    db,
    now: Date.now,
    flushMs: 60_000,
    limitOf: (role) => (role === 'premium' ? 1000 : role === 'operator' ? null : LIMIT),
  });
  const { app } = await testApp({ deps: { database, pageViews, limits: { signIn: 100, reset: 5, pageViews: PER_MINUTE } } });
  // ann (a base user, LIMIT views) sells a booklet with a paid chapter; ben bought it, cat did not.
  const { ann } = await bookletFixture(database);
  await writeArticle(database, ann.id, 'flooded', { content: '<p>Flooded words.</p>' });
  const fay = await createPerson(database, 'fay');
  await new UserDirectory(db, Date.now).setMembership(fay.email, 'premium', Date.now() + YEAR);
  await writeArticle(database, fay.id, 'steady', { content: '<p>Steady words.</p>' });
  await createPerson(database, 'dee');

  // One server, so 20 keep-alive connections really are 20 connections.
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  afterAll(() => {
    agent.destroy();
    server.close();
  });
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  // The app trusts the loopback proxy's X-Forwarded-For: each address is a different client.
  const anonymous = (address: string, userAgent = BROWSER) => ({
    get: (path: string) => request(app).get(path).set('X-Forwarded-For', address).set('User-Agent', userAgent),
  });
  const signedIn = async (email: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(email, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const views = async (authorId: number) => {
    await pageViews.flush();
    const row = await db.selectFrom('page_views').select('count').where('author_id', '=', authorId).executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  it("slows a flood of one article from 20 connections of one address to 429, counts it once, and serves the author's other readers", async () => {
    const statuses: number[] = [];
    const headers = { 'x-forwarded-for': '203.0.113.7', 'user-agent': BROWSER };
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = 0; i < 10; i++) statuses.push(await get('/article/flooded/', headers));
      }),
    );
    const served = statuses.filter((status) => status === 200).length;
    const throttled = statuses.filter((status) => status === 429).length;
    expect(served + throttled).toBe(200);
    expect(served).toBeLessThanOrEqual(PER_MINUTE);
    expect(throttled).toBeGreaterThanOrEqual(200 - PER_MINUTE);
    // The address waits for every article, through the API too, and is told how long.
    const api = await anonymous('203.0.113.7').get('/api/article/opening/');
    expect(api.status).toBe(429);
    expect(api.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    // A page rendered for it (a booklet chapter is never cached) answers 429 too, without the chapter.
    const chapter = await anonymous('203.0.113.7').get('/booklet/field-guide/opening');
    expect(chapter.status).toBe(429);
    expect(chapter.text).not.toContain('Free opening words');
    expect(await views(ann.id)).toBe(1);

    // Everyone else still reads: a signed-in reader (page and API) and another address.
    const dee = await signedIn('dee@example.com');
    const page = await dee.get('/article/flooded/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Flooded words.');
    expect((await dee.get('/api/article/flooded/')).status).toBe(200);
    const other = await anonymous('198.51.100.2').get('/article/flooded/');
    expect(other.status).toBe(200);
    expect(other.text).toContain('Flooded words.');
    expect(await views(ann.id)).toBe(3);
  });

  it('lets a buyer read the paid chapter once the quota is used up, while a non-buyer gets 403', async () => {
    // ann's month is used up (the test above): her free articles are refused to everyone.
    expect((await anonymous('198.51.100.9').get('/api/article/opening/')).body).toEqual({ detail: 'Visiting Traffic Exhausted' });
    const ben = await signedIn('ben@example.com');
    for (const path of ['/api/article/paid-chapter/', '/api/booklets/field-guide/item/paid/']) {
      const res = await ben.get(path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).toContain(SECRET);
    }
    const page = await ben.get('/booklet/field-guide/paid');
    expect(page.status).toBe(200);
    expect(page.text).toContain(SECRET);
    const cat = await signedIn('cat@example.com');
    const refused = await cat.get('/api/article/paid-chapter/');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Visiting Traffic Exhausted' });
    expect((await cat.get('/api/booklets/field-guide/item/paid/')).status).toBe(403);
    const anonymousPage = await anonymous('198.51.100.10').get('/booklet/field-guide/paid');
    expect(anonymousPage.status).toBe(403);
    expect(anonymousPage.text).not.toContain(SECRET);
  });

  it('counts one reader reading the same article 50 times once, signed in or not', async () => {
    const before = await views(fay.id);
    const reader = anonymous('198.51.100.50');
    for (let i = 0; i < 50; i++) expect((await reader.get(i % 2 ? '/api/article/steady/' : '/article/steady/')).status, `read ${i + 1}`).toBe(200);
    expect(await views(fay.id)).toBe(before + 1);
    // Another browser at the same address is another reader.
    expect((await anonymous('198.51.100.50', `${BROWSER} Edg/131.0`).get('/api/article/steady/')).status).toBe(200);
    expect(await views(fay.id)).toBe(before + 2);
    const dee = await signedIn('dee@example.com');
    for (let i = 0; i < 50; i++) expect((await dee.get(i % 2 ? '/api/article/steady/' : '/article/steady/')).status, `read ${i + 1}`).toBe(200);
    expect(await views(fay.id)).toBe(before + 3);
  });

  it('counts at most 20 views an address adds to an author a day, however often it changes its user agent', async () => {
    const before = await views(fay.id);
    for (let i = 0; i < DEFAULT_VIEWS_PER_ADDRESS + 10; i++) {
      expect((await anonymous('192.0.2.77', `${BROWSER} Rotating/${i}`).get('/api/article/steady/')).status, `read ${i + 1}`).toBe(200);
    }
    expect(await views(fay.id)).toBe(before + DEFAULT_VIEWS_PER_ADDRESS);
  });

  it('counts no crawler, and does not hold crawlers to the address limit', async () => {
    const before = await views(fay.id);
    const crawler = anonymous('66.249.66.1', GOOGLEBOT);
    for (let i = 0; i < PER_MINUTE + 5; i++) expect((await crawler.get(i % 2 ? '/api/article/steady/' : '/article/steady/')).status, `read ${i + 1}`).toBe(200);
    expect(await views(fay.id)).toBe(before);
  });

  it('counts none of the author’s own reads', async () => {
    const before = await views(fay.id);
    const author = await signedIn('fay@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await author.get('/api/article/steady/')).status).toBe(200);
      expect((await author.get('/article/steady/')).status).toBe(200);
    }
    expect(await views(fay.id)).toBe(before);
  });

  it('keeps a row per reader, article and day, and nothing that names an address', async () => {
    const rows = await db.selectFrom('page_view_readers').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.reader).toMatch(/^(u:\d+|a:[\w-]{22})$/);
      expect(row.reader).not.toContain('198.51.100');
    }
  });
});

describe('the readers of past days', async () => {
  const database = await testDatabase();
  const { db } = database;
  const now = Date.UTC(2026, 10, 28, 12);
  const counter = new PageViewCounter({ db, now: () => now });
  const ann = await createPerson(database, 'ann');
  const articleId = await writeArticle(database, ann.id, 'kept');

  it("are swept at a flush, yesterday's kept (a read buffered before midnight may be flushed after it)", async () => {
    const days = ['2026-11-26', '2026-11-27', '2026-11-28'];
    await db
      .insertInto('page_view_readers')
      .values(days.map((day) => ({ day, article_id: articleId, reader: `u:${ann.id}` })))
      .execute();
    await counter.flush();
    const left = await db.selectFrom('page_view_readers').select('day').orderBy('day').execute();
    expect(left.map((row) => row.day)).toEqual(['2026-11-27', '2026-11-28']);
  });
});
