import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contentChanged } from '../../server/content/changes';
import { PageViewCounter } from '../../server/content/pageViews';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';

const ORIGIN = 'http://zine.test';
const HOUR = 3600_000;

/** A session's cookie header, signed in through the API. */
async function sessionCookie(app: Express, email: string): Promise<string> {
  const first = await request(app).get('/');
  const csrf = cookieValue(first, 'csrftoken') ?? '';
  const res = await request(app)
    .post('/api/accounts/login/cookies/')
    .set('Cookie', `csrftoken=${csrf}`)
    .set('X-CSRFToken', csrf)
    .send({ email, password: PASSWORD });
  expect(res.status).toBe(200);
  const session = cookieValue(res, 'sessionid');
  expect(session).toBeTruthy();
  return `csrftoken=${csrf}; sessionid=${session}`;
}

/** A page's HTML with the render time taken out (each render has its own). */
function withoutRenderTime(html: string): string {
  return html.replace(/"renderedAt":\d+/, '"renderedAt":0');
}

describe("signed-in readers' pages made from the render cache (decision 054)", async () => {
  const database = await testDatabase();
  const pageViews = new PageViewCounter({ db: database.db, now: Date.now, flushMs: 60_000, limitOf: () => 100_000 });
  const { app } = await testApp({ config: { publicOrigin: ORIGIN }, deps: { database, pageViews } });
  // The same site without a render cache: every page rendered for its reader.
  const { app: rendered } = await testApp({ config: { publicOrigin: ORIGIN, renderCacheBytes: 0 }, deps: { database } });
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  await createPerson(database, 'cat');
  await createPerson(database, 'dan');
  await createPerson(database, 'eve');
  await writeArticle(database, ann.id, 'open-letter', {
    title: 'An Open Letter',
    description: 'About it',
    content: '<p>Body of the letter.</p>',
    word_count: 4,
    ...writtenAt(Date.now() - HOUR),
  });
  const ben = await sessionCookie(app, 'ben@example.com');
  const cat = await sessionCookie(app, 'cat@example.com');
  // Readers who read nothing before the test that counts: a reader counts once a day (docs/decisions/059).
  const dan = await sessionCookie(app, 'dan@example.com');
  const eve = await sessionCookie(app, 'eve@example.com');
  const read = (target: Express, url: string, cookie?: string) => (cookie ? request(target).get(url).set('Cookie', cookie) : request(target).get(url));
  const views = async () => {
    await pageViews.flush();
    const row = await database.db.selectFrom('page_views').select('count').where('author_id', '=', ann.id).executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  it('gives a reader the page a full render gives them, with their own header, from the first read on', async () => {
    const first = await read(app, '/article/open-letter/', ben);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('shared');
    const again = await read(app, '/article/open-letter/', ben);
    expect(again.headers['x-cache']).toBe('shared');
    const full = await read(rendered, '/article/open-letter/', ben);
    expect(full.headers['x-cache']).toBeUndefined();
    expect(withoutRenderTime(again.text)).toBe(withoutRenderTime(full.text));
    expect(again.text).toContain('ben@example.com');
    expect(again.text).toContain('Body of the letter.');
    expect(again.text).not.toContain('/sign/in/?next');
    expect(jsonBlock(again.text, '__STATE__')).toMatchObject({ account: { info: { username: 'ben' }, loaded: true } });
  });

  it('keeps one reader out of the anonymous copy and out of another reader’s page', async () => {
    const anonymous = await read(app, '/article/open-letter/');
    expect(anonymous.headers['x-cache']).toBe('hit');
    expect(anonymous.text).not.toContain('ben@example.com');
    expect(anonymous.text).toContain('/sign/in/?next');
    const cats = await read(app, '/article/open-letter/', cat);
    expect(cats.headers['x-cache']).toBe('shared');
    expect(cats.text).toContain('cat@example.com');
    expect(cats.text).not.toContain('ben@example.com');
  });

  it('counts one page view a signed-in read, none for the anonymous copy it is made from', async () => {
    // The cached copy dropped: the next signed-in read renders the anonymous one again, which counts nothing.
    await contentChanged(database.db, ['article:open-letter'], Date.now());
    const before = await views();
    const page = await read(app, '/article/open-letter/', dan);
    expect(page.headers['x-cache']).toBe('shared');
    expect(await views()).toBe(before + 1);
    await read(app, '/article/open-letter/', eve);
    expect(await views()).toBe(before + 2);
    await read(app, '/article/open-letter/', eve);
    expect(await views()).toBe(before + 2);
  });

  it('renders the page for a reader whose view differs: a like, a follow, the author', async () => {
    const liker = new Visitor(app);
    expect((await liker.signIn('cat@example.com', PASSWORD)).status).toBe(200);
    expect((await liker.post('/api/columns/thumbsup/', { article_slug: 'open-letter' })).status).toBe(200);
    const liked = await liker.get('/article/open-letter/');
    expect(liked.headers['x-cache']).toBe('bypass');
    expect(liked.text).toContain('"thumb_up_status":true');
    const annsOwn = await read(app, '/article/open-letter/', await sessionCookie(app, 'ann@example.com'));
    expect(annsOwn.headers['x-cache']).toBe('bypass');
    expect(annsOwn.text).not.toContain('>Follow<');
    // The anonymous copy never learns of them.
    const anonymous = await read(app, '/article/open-letter/');
    expect(anonymous.text).toContain('"thumb_up_status":false');
  });

  it('shares the home page and discovery, not pages that read the account elsewhere (a column)', async () => {
    for (const path of ['/', '/found']) {
      const shared = await read(app, path, ben);
      expect(shared.headers['x-cache'], path).toBe('shared');
      expect(withoutRenderTime(shared.text), path).toBe(withoutRenderTime((await read(rendered, path, ben)).text));
    }
    const column = await read(app, '/@ann/', ben);
    expect(column.status).toBe(200);
    expect(column.headers['x-cache']).toBe('bypass');
  });

  it('shows an edit to the next signed-in read', async () => {
    await database.db.updateTable('articles').set({ title: 'A Revised Letter' }).where('slug', '=', 'open-letter').execute();
    await contentChanged(database.db, ['article:open-letter'], Date.now());
    const page = await read(app, '/article/open-letter/', ben);
    expect(page.headers['x-cache']).toBe('shared');
    expect(page.text).toContain('A Revised Letter');
  });

  it('leaves pages with a query or a share code to the full render', async () => {
    const shared = await read(app, '/article/open-letter/?share=abc', ben);
    expect(shared.headers['x-cache']).toBe('bypass');
    expect(shared.text).toContain('ben@example.com');
  });
});
