import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { PageViewCounter } from '../../server/content/pageViews';
import type { Database } from '../../server/db/connection';
import { writeArticle as writeArticleRow, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';

const LIMIT = 3;
const JAN_10 = Date.UTC(2026, 0, 10, 12);

async function writeArticle(database: Database, authorId: number, slug: string): Promise<void> {
  await writeArticleRow(database, authorId, slug, { description: 'About it', content: '<p>Quota body.</p>', word_count: 3, ...writtenAt(JAN_10) });
}

// The author's monthly page views, with a limit of three for base users injected.
describe('the page-view quota', async () => {
  let clock = JAN_10;
  const now = () => clock;
  const database = await testDatabase();
  const pageViews = new PageViewCounter({
    db: database.db,
    now,
    flushMs: 60_000,
    limitOf: (role) => (role === 'enterprise' || role === 'operator' ? null : LIMIT),
  });
  const { app } = await testApp({ deps: { database, now, pageViews } });
  const users = new UserDirectory(database.db, now);
  const ann = await createPerson(database, 'ann');
  const ent = await createPerson(database, 'ent');
  await users.setMembership(ent.email, 'enterprise', Date.UTC(2027, 0, 1));
  const opal = await createPerson(database, 'opal');
  await users.setRole(opal.email, 'operator');
  await createPerson(database, 'ben');
  await writeArticle(database, ann.id, 'counted-words');
  await writeArticle(database, ent.id, 'unlimited-words');
  // Every anonymous read from an address of its own: a new reader, so each counts (docs/decisions/059).
  let addresses = 0;
  const read = (slug: string) =>
    request(app)
      .get(`/api/article/${slug}/`)
      .set('X-Forwarded-For', `198.51.100.${(addresses += 1)}`);
  const flushed = async () =>
    (await database.db.selectFrom('page_views').select(['month', 'count']).where('author_id', '=', ann.id).orderBy('month').execute()).map((r) => [
      r.month,
      Number(r.count),
    ]);

  it('answers Visiting Traffic Exhausted (403) once the month is used up, in the API and on the page', async () => {
    const reader = new Visitor(app);
    await reader.signIn('ben@example.com', PASSWORD);
    expect((await read('counted-words')).status).toBe(200);
    expect((await reader.get('/api/article/counted-words/')).status).toBe(200);
    expect((await read('counted-words')).status).toBe(200);
    const refused = await read('counted-words');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Visiting Traffic Exhausted' });
    const page = await request(app).get('/article/counted-words/').set('User-Agent', 'Googlebot/2.1');
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('Quota body.');
    expect(page.text).toContain('/member/');
  });

  it('counts in memory and flushes one row per author and month, adding to what is there', async () => {
    expect(await flushed()).toEqual([]);
    await pageViews.flush();
    expect(await flushed()).toEqual([['2026-01', LIMIT]]);
    // Refusals are not views; the flushed count alone still refuses.
    expect((await read('counted-words')).status).toBe(403);
    await pageViews.flush();
    expect(await flushed()).toEqual([['2026-01', LIMIT]]);
  });

  it('lets the author and operators read, without counting them', async () => {
    for (const [email, name] of [
      ['ann@example.com', 'author'],
      ['opal@example.com', 'operator'],
    ]) {
      const visitor = new Visitor(app);
      expect((await visitor.signIn(email ?? '', PASSWORD)).status, name).toBe(200);
      const res = await visitor.get('/api/article/counted-words/');
      expect(res.status, name).toBe(200);
      expect(res.body.title).toBe('Title of counted-words');
    }
    await pageViews.flush();
    expect(await flushed()).toEqual([['2026-01', LIMIT]]);
  });

  it('never limits an enterprise author', async () => {
    for (let i = 0; i < LIMIT + 2; i++) expect((await read('unlimited-words')).status).toBe(200);
  });

  it('starts again at the next UTC month', async () => {
    clock = Date.UTC(2026, 1, 1, 0, 0, 1);
    expect((await read('counted-words')).status).toBe(200);
    await pageViews.flush();
    expect(await flushed()).toEqual([
      ['2026-01', LIMIT],
      ['2026-02', 1],
    ]);
  });

  it('records a used-up month as a change of the author, so cached pages are dropped everywhere', async () => {
    const before = await database.db.selectFrom('content_changes').select('id').where('key', '=', 'author:ann').execute();
    for (let i = 0; i < LIMIT - 1; i++) expect((await read('counted-words')).status).toBe(200);
    await pageViews.flush();
    const after = await database.db.selectFrom('content_changes').select('id').where('key', '=', 'author:ann').execute();
    expect(after.length).toBe(before.length + 1);
    expect((await read('counted-words')).body).toEqual({ detail: 'Visiting Traffic Exhausted' });
  });

  it('learns, while serving cached pages only, that another process used up the month', async () => {
    const cal = await createPerson(database, 'cal');
    await writeArticle(database, cal.id, 'cached-words');
    const article = await database.db.selectFrom('articles').select('id').where('slug', '=', 'cached-words').executeTakeFirstOrThrow();
    const author = { id: cal.id, role: 'user' as const };
    const view = (reader: string) => ({ articleId: article.id, authorId: cal.id, reader });
    const counter = () => new PageViewCounter({ db: database.db, now, flushMs: 1000, limitOf: () => LIMIT });
    const [here, there] = [counter(), counter()];
    expect(await here.admit(author, view('a:first'), clock)).toBe(true);
    await here.flush();
    expect(await there.admit(author, view('a:second'), clock)).toBe(true);
    expect(await there.admit(author, view('a:third'), clock)).toBe(true);
    await there.flush();
    // What this process knows (one view) is fresh: the other's two are not seen yet.
    expect(here.knownExhausted(cal.id, clock)).toBe(false);
    clock += 1000;
    await vi.waitFor(() => expect(here.knownExhausted(cal.id, clock)).toBe(true), { timeout: 2000, interval: 20 });
  });
});
