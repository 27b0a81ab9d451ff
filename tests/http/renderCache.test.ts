import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Express } from 'express';
import request from 'supertest';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { contentChanged } from '../../server/content/changes';
import { PageViewCounter } from '../../server/content/pageViews';
import { migrate, openDatabase, type Database } from '../../server/db/connection';
import { writeArticle as writeArticleRow, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase, testEngine } from '../support/testDatabase';

const ORIGIN = 'http://zine.test';
const HOUR = 3600_000;
const QUOTA = 6;
const extra: Database[] = [];
afterAll(async () => {
  await Promise.all(extra.map((d) => d.close()));
});

/** Two connections to one database, as two app processes have: a PostgreSQL schema or a SQLite file. */
async function sharedDatabase(): Promise<[Database, Database]> {
  if (testEngine() === 'postgres') {
    const first = await testDatabase();
    const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', pgSchema: first.schema, poolSize: 3 });
    extra.push(second);
    return [first, second];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-cache-'));
  const first = openDatabase({ dataDir: dir });
  await migrate(first);
  const second = openDatabase({ dataDir: dir });
  extra.push(first, second);
  return [first, second];
}

async function writeArticle(database: Database, authorId: number, slug: string, title: string): Promise<void> {
  await writeArticleRow(database, authorId, slug, {
    title,
    description: 'About it',
    content: `<p>Body of ${slug}.</p>`,
    word_count: 3,
    ...writtenAt(Date.now() - HOUR),
  });
}

/** The raw bytes of a response, undecoded. */
function rawGet(app: Express, url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            server.close();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    });
  });
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('the render cache', async () => {
  let offset = 0;
  const now = () => Date.now() + offset;
  const [dbA, dbB] = await sharedDatabase();
  const counter = (database: Database) =>
    new PageViewCounter({ db: database.db, now, flushMs: 300, limitOf: (role) => (role === 'premium' ? QUOTA : role === 'user' ? 100_000 : null) });
  const pageViewsA = counter(dbA);
  const { app } = await testApp({ config: { publicOrigin: ORIGIN }, deps: { database: dbA, now, pageViews: pageViewsA } });
  // Another app process on the same database.
  const pageViewsB = counter(dbB);
  const { app: other } = await testApp({ config: { publicOrigin: ORIGIN }, deps: { database: dbB, now, pageViews: pageViewsB } });

  const users = new UserDirectory(dbA.db, now);
  const ann = await createPerson(dbA, 'ann');
  await createPerson(dbA, 'ben');
  const pat = await createPerson(dbA, 'pat');
  await users.setMembership(pat.email, 'premium', Date.now() + 2 * HOUR);
  const quin = await createPerson(dbA, 'quin');
  await users.setMembership(quin.email, 'premium', Date.now() + 400 * 24 * HOUR);
  await writeArticle(dbA, ann.id, 'open-letter', 'An Open Letter');
  await writeArticle(dbA, ann.id, 'second-letter', 'A Second Letter');
  await writeArticle(dbA, pat.id, 'members-only', 'Written While Paid Up');
  await writeArticle(dbA, quin.id, 'popular-piece', 'A Popular Piece');
  const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(dbB.db, now), db: dbB.db, now });
  const page = (target: Express, url: string) => request(target).get(url);

  it('answers a second anonymous read from the cache with the same body', async () => {
    const first = await page(app, '/article/open-letter/');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.text).toContain('An Open Letter');
    const second = await page(app, '/article/open-letter/');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    // The same security headers, and a fresh CSRF cookie in the header, never in the body.
    expect(second.headers['content-security-policy']).toContain("script-src 'self'");
    expect(second.headers['set-cookie']?.[0]).toMatch(/^csrftoken=/);
    const token = /csrftoken=([^;]+)/.exec(second.headers['set-cookie']?.[0] ?? '')?.[1] ?? 'none';
    expect(second.text).not.toContain(token);
    // Complete, with no inline script and no nonce.
    expect(second.text).not.toMatch(/<script(?![^>]*(type="application\/(ld\+)?json"|type="module" src=))/);
    expect(second.text).not.toContain('nonce');
  });

  it('answers a hit ahead of the stack: the same headers a rendered page gets, a fixed CSP without nonce, no access-log line', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const { app: logged } = await testApp({ config: { publicOrigin: ORIGIN }, deps: { database: dbA, now, logger } });
    const miss = await page(logged, '/article/second-letter/');
    expect(miss.headers['x-cache']).toBe('miss');
    const linesAfterMiss = lines.length;
    expect(linesAfterMiss).toBeGreaterThan(0);
    const hit = await page(logged, '/article/second-letter/').set('X-Request-Id', 'edge-hit-12345');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(lines.length).toBe(linesAfterMiss);
    expect(hit.headers['x-request-id']).toBe('edge-hit-12345');
    expect(hit.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    expect(hit.headers['content-security-policy']).not.toContain('nonce');
    for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(hit.headers.vary).toBe(miss.headers.vary);
    // Answered before Express, a hit still carries every header the full stack sends, and the same cookie.
    const names = (res: request.Response) =>
      Object.keys(res.headers)
        .filter((name) => name !== 'date')
        .sort();
    expect(names(hit)).toEqual(names(miss));
    const attributes = (res: request.Response) => (res.headers['set-cookie']?.[0] ?? '').replace(/=[^;]*/, '=').replace(/Expires=[^;]*/, 'Expires=');
    expect(attributes(hit)).toBe(attributes(miss));
    expect(hit.headers['set-cookie']?.[0]).toMatch(/^csrftoken=[A-Za-z0-9_-]{32}; Max-Age=31536000; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    // A reader who has the CSRF cookie gets none again; a chosen language is remembered.
    const returning = await page(logged, '/article/second-letter/').set('Cookie', `csrftoken=${'a'.repeat(32)}`);
    expect(returning.headers['x-cache']).toBe('hit');
    expect(returning.headers['set-cookie']).toBeUndefined();
    await page(logged, '/article/second-letter/?__lang=zh-TW');
    const chosen = await page(logged, '/article/second-letter/?__lang=zh-TW');
    expect(chosen.headers['x-cache']).toBe('hit');
    expect(([] as string[]).concat(chosen.headers['set-cookie'] ?? []).join()).toContain('__lang=zh-TW');
  });

  it("keeps a crawler's page apart: its article images are not deferred, a browser's are", async () => {
    await writeArticleRow(dbA, ann.id, 'with-picture', {
      title: 'With a Picture',
      content: '<p>Words.</p><p><img src="/media/pic.png" alt="A picture" width="800" height="600" /></p>',
      word_count: 1,
    });
    const browser = await page(app, '/article/with-picture/');
    expect(browser.headers['x-cache']).toBe('miss');
    expect(browser.text).toContain('data-lazy-src="/media/pic.png"');
    expect(browser.text).toContain('<noscript><img src="/media/pic.png"');
    const crawler = await page(app, '/article/with-picture/').set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(crawler.headers['x-cache']).toBe('miss');
    expect(crawler.text).not.toContain('data-lazy-src');
    expect(crawler.text).toMatch(/<img src="\/media\/pic\.png"/);
    expect((await page(app, '/article/with-picture/')).headers['x-cache']).toBe('hit');
    const again = await page(app, '/article/with-picture/').set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.text).not.toContain('data-lazy-src');
  });

  it('keys by locale and client class', async () => {
    const zh = await page(app, '/article/open-letter/').set('Accept-Language', 'zh-CN');
    expect(zh.headers['x-cache']).toBe('miss');
    expect(zh.text).toContain('lang="zh-CN"');
    const app2 = await page(app, '/article/open-letter/').set('User-Agent', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0');
    expect(app2.headers['x-cache']).toBe('miss');
    expect((await page(app, '/article/open-letter/').set('Accept-Language', 'zh-CN,zh;q=0.9')).headers['x-cache']).toBe('hit');
  });

  it("never stores a signed-in reader's page nor serves them the anonymous one", async () => {
    const ben = new Visitor(app);
    expect((await ben.signIn('ben@example.com', PASSWORD)).status).toBe(200);
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'open-letter' })).status).toBe(200);
    expect((await ben.post('/api/follow/user/', { following_name: 'ann' })).status).toBe(200);
    const mine = await ben.get('/article/open-letter/');
    expect(mine.headers['x-cache']).toBe('bypass');
    expect(mine.text).toContain('ben');
    expect(mine.text).toContain('"thumb_up_status":true');
    expect(mine.text).toContain('"follow_status":"following"');
    const anonymous = await page(app, '/article/open-letter/');
    expect(anonymous.headers['x-cache']).toBe('hit');
    expect(anonymous.text).not.toContain('"thumb_up_status":true');
    expect(anonymous.text).not.toContain('"follow_status":"following"');
    expect(anonymous.text).not.toContain('ben@example.com');
    expect(anonymous.text).toContain('/sign/in/');
    const again = await ben.get('/article/open-letter/');
    expect(again.headers['x-cache']).toBe('bypass');
    expect(again.text).toContain('"thumb_up_status":true');
    expect(again.text).not.toContain('/sign/in/?next');
  });

  it('lets share codes, __token and unknown query parameters bypass it', async () => {
    await page(app, '/article/second-letter/');
    for (const query of [
      '?share=abc123',
      '?__token=not-a-token',
      '?utm_source=x',
      '?page=2',
      '?page=abc',
      '?__lang=xx-made-up',
      '?__lang=en&__lang=ja',
      `?page=${'9'.repeat(600)}`,
    ]) {
      const res = await page(app, `/article/second-letter/${query}`);
      expect(res.headers['x-cache'], query).toBe('bypass');
    }
    expect((await page(app, '/article/second-letter/')).headers['x-cache']).toBe('hit');
    // A supported language choice is cached under its own key.
    expect((await page(app, '/article/second-letter/?__lang=zh-TW')).headers['x-cache']).toBe('miss');
    const chosen = await page(app, '/article/second-letter/?__lang=zh-TW');
    expect(chosen.headers['x-cache']).toBe('hit');
    expect(chosen.text).toContain('lang="zh-TW"');
  });

  it('keeps the home page, discovery and column tabs, not other pages nor error pages', async () => {
    for (const url of ['/', '/found', '/@ann/', '/@ann/articles', '/@ann/collections']) {
      await page(app, url);
      expect((await page(app, url)).headers['x-cache'], url).toBe('hit');
    }
    // Discovery shows the feed: any change to it renders the page again.
    await contentChanged(dbB.db, ['feed'], now());
    expect((await page(app, '/found')).headers['x-cache']).toBe('miss');
    for (const url of ['/article/no-such-thing/', '/sign/in/']) {
      await page(app, url);
      expect((await page(app, url)).headers['x-cache'], url).toBe('bypass');
    }
  });

  it("keeps a booklet's overview until the booklet or its owner changes", async () => {
    const at = Date.now();
    await dbA.db
      .insertInto('booklets')
      .values({
        slug: 'walks-book',
        owner_id: ann.id,
        name: 'A Book of Walks',
        heading: '',
        description: 'Walks.',
        cover_url: '',
        price_cents: 0,
        currency: 'CNY',
        trashed: 0,
        created_at: at,
        modified_at: at,
      })
      .execute();
    await page(app, '/booklet/walks-book/');
    expect((await page(app, '/booklet/walks-book/')).headers['x-cache']).toBe('hit');
    await dbB.db.updateTable('booklets').set({ name: 'A Longer Book of Walks' }).where('slug', '=', 'walks-book').execute();
    await contentChanged(dbB.db, ['booklet:walks-book'], now());
    const renamed = await page(app, '/booklet/walks-book/');
    expect(renamed.headers['x-cache']).toBe('miss');
    expect(renamed.text).toContain('A Longer Book of Walks');
    await contentChanged(dbB.db, ['author:ann'], now());
    expect((await page(app, '/booklet/walks-book/')).headers['x-cache']).toBe('miss');
  });

  it('sends gzip and brotli that decode to the same page, and 304 for its ETag', async () => {
    await page(app, '/article/open-letter/');
    const plain = await rawGet(app, '/article/open-letter/', {});
    const gz = await rawGet(app, '/article/open-letter/', { 'Accept-Encoding': 'gzip' });
    const br = await rawGet(app, '/article/open-letter/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const etag = plain.headers.etag ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const unchanged = await page(app, '/article/open-letter/').set('If-None-Match', etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect((await page(app, '/article/open-letter/').set('If-None-Match', 'W/"other"')).status).toBe(200);
  });

  it('shows an edit on the next anonymous read, also when another process made it', async () => {
    for (const target of [app, other]) {
      await page(target, '/article/second-letter/');
      expect((await page(target, '/article/second-letter/')).headers['x-cache']).toBe('hit');
    }
    // What the editor's save does: the row, then the change log, from the other process.
    await dbB.db.updateTable('articles').set({ title: 'A Revised Letter' }).where('slug', '=', 'second-letter').execute();
    await contentChanged(dbB.db, ['article:second-letter', 'author:ann'], now());
    for (const target of [app, other]) {
      const res = await page(target, '/article/second-letter/');
      expect(res.headers['x-cache']).toBe('miss');
      expect(res.text).toContain('A Revised Letter');
    }
    // The column lists it too.
    expect((await page(app, '/@ann/')).text).toContain('A Revised Letter');
  });

  it('shows moderation on the next anonymous read, from an operator command of another process', async () => {
    expect((await page(app, '/article/second-letter/')).headers['x-cache']).toBe('hit');
    expect((await admin('moderate-article', 'second-letter', 'banned')).code).toBe(0);
    const banned = await page(app, '/article/second-letter/');
    expect(banned.status).toBe(403);
    expect(banned.text).not.toContain('Body of second-letter.');
    expect((await page(app, '/article/second-letter/')).headers['x-cache']).toBe('bypass');
    expect((await admin('moderate-article', 'second-letter', 'none')).code).toBe(0);
    expect((await page(app, '/article/second-letter/')).status).toBe(200);
    expect((await admin('set-status', 'ann@example.com', 'suspended')).code).toBe(0);
    expect((await page(app, '/article/open-letter/')).status).toBe(403);
    expect((await admin('set-status', 'ann@example.com', 'active')).code).toBe(0);
    expect((await page(app, '/article/open-letter/')).status).toBe(200);
  });

  it('renders again after a new comment (the page loads its comments in the browser)', async () => {
    await page(app, '/article/open-letter/');
    expect((await page(app, '/article/open-letter/')).headers['x-cache']).toBe('hit');
    const ben = new Visitor(other);
    await ben.signIn('ben@example.com', PASSWORD);
    expect((await ben.post('/api/comments/article/open-letter/', { text: 'A fine <b>letter</b>' })).status).toBe(201);
    const res = await page(app, '/article/open-letter/');
    expect(res.headers['x-cache']).toBe('miss');
    expect(res.status).toBe(200);
  });

  it("drops a page at its author's membership expiry", async () => {
    await page(app, '/article/members-only/');
    expect((await page(app, '/article/members-only/')).headers['x-cache']).toBe('hit');
    offset = 2 * HOUR + 1000;
    try {
      const res = await page(app, '/article/members-only/');
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Body of members-only.');
    } finally {
      offset = 0;
    }
  });

  it("refuses a cached article within seconds of its author's quota being used up, in every process", async () => {
    await pageViewsA.flush();
    const before = Number((await dbA.db.selectFrom('page_views').select('count').where('author_id', '=', quin.id).executeTakeFirst())?.count ?? 0);
    expect(before).toBe(0);
    // Each read from an address of its own: a new reader, so each counts (docs/decisions/059).
    let addresses = 0;
    const reader = (target: Express, url: string) => page(target, url).set('X-Forwarded-For', `198.51.100.${(addresses += 1)}`);
    // Two views in the other process (its render's API read, then a cached copy), flushed.
    await reader(other, '/article/popular-piece/');
    expect((await reader(other, '/article/popular-piece/')).headers['x-cache']).toBe('hit');
    await pageViewsB.flush();
    // Older than a flush interval, what this process knew of the month is read again.
    await new Promise((r) => setTimeout(r, 350));
    for (let i = 0; i < QUOTA - 2; i++) {
      const res = await reader(app, '/article/popular-piece/');
      expect(res.status, `read ${i + 1}`).toBe(200);
    }
    const here = await reader(app, '/article/popular-piece/');
    expect(here.status).toBe(403);
    expect(here.text).toContain('/member/');
    // The other process learns it through the flushed counts and the change log.
    expect(await eventually(async () => (await page(other, '/article/popular-piece/')).status === 403, 5000)).toBe(true);
    expect((await request(other).get('/api/article/popular-piece/')).body).toEqual({ detail: 'Visiting Traffic Exhausted' });
  });
});
