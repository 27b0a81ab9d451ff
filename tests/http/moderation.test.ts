import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { createBooklet } from '../../server/content/createBooklet';
import { UserDirectory } from '../../server/accounts/users';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// Operators moderate with `npm run admin`; the reading rules follow on the very next read.
describe('moderation by operators', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(database.db, Date.now), db: database.db, now: Date.now });
  const now = Date.now();
  for (const slug of ['plain-words', 'second-words']) {
    await writeArticle(database, ann.id, slug, {
      title: `Title ${slug}`,
      description: 'About',
      content: '<p>Body text here.</p>',
      word_count: 3,
      ...writtenAt(now),
    });
  }
  const read = (slug: string) => request(app).get(`/api/article/${slug}/`);
  const page = (slug: string) => request(app).get(`/article/${slug}/`).set('User-Agent', 'Googlebot/2.1');

  it('bans an article: the API and the page refuse it at once, its author still sees it', async () => {
    expect((await read('plain-words')).status).toBe(200);
    expect(await admin('moderate-article', 'plain-words', 'banned')).toEqual({ code: 0, out: 'plain-words is now banned' });
    expect((await read('plain-words')).body).toEqual({ detail: 'Article Banned' });
    const html = await page('plain-words');
    expect(html.status).toBe(403);
    expect(html.text).toContain('Access Forbidden');
    expect(html.text).not.toContain('Body text here.');
    const author = new Visitor(app);
    await author.signIn('ann@example.com', PASSWORD);
    expect((await author.get('/api/article/plain-words/')).status).toBe(200);
    // The other article of the author is untouched.
    expect((await read('second-words')).status).toBe(200);
  });

  it('suspends an article (in review) and restores it', async () => {
    expect((await admin('moderate-article', 'plain-words', 'suspended')).code).toBe(0);
    expect((await read('plain-words')).body).toEqual({ detail: 'Article Suspended' });
    const html = await page('plain-words');
    expect(html.status).toBe(403);
    expect(html.text).toContain('In Reviewing');
    expect(await admin('moderate-article', 'plain-words', 'none')).toEqual({ code: 0, out: 'plain-words is restored' });
    expect((await read('plain-words')).status).toBe(200);
    expect((await page('plain-words')).text).toContain('Body text here.');
  });

  it('bans, suspends and restores an account, and every article of it follows', async () => {
    expect((await admin('set-status', 'ann@example.com', 'banned')).code).toBe(0);
    expect((await read('second-words')).body).toEqual({ detail: 'Article Banned' });
    expect((await admin('set-status', 'ann@example.com', 'suspended')).code).toBe(0);
    expect((await read('second-words')).body).toEqual({ detail: 'Article Suspended' });
    expect((await admin('set-status', 'ann@example.com', 'active')).code).toBe(0);
    expect((await read('second-words')).status).toBe(200);
  });

  it('records each change for the render cache of every process', async () => {
    const keys = (await database.db.selectFrom('content_changes').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['article:plain-words', 'author:ann', 'feed']));
  });

  it('drops the pages that list the article elsewhere: its booklets and the collections it is in', async () => {
    const ben = await database.db.selectFrom('users').select('id').where('username', '=', 'ben').executeTakeFirstOrThrow();
    const article = await database.db.selectFrom('articles').select('id').where('slug', '=', 'second-words').executeTakeFirstOrThrow();
    await database.db.insertInto('favorites').values({ article_id: article.id, user_id: ben.id, created_at: Date.now() }).execute();
    await createBooklet(
      database.db,
      {
        slug: 'ann-booklet',
        ownerId: ann.id,
        name: 'Ann',
        items: [{ type: 'article', articleId: article.id, slug: 'second-words', salesMode: 'payment_required' }],
      },
      Date.now(),
    );
    const since = (await database.db.selectFrom('content_changes').select(database.db.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;
    expect((await admin('moderate-article', 'second-words', 'suspended')).code).toBe(0);
    const keys = (await database.db.selectFrom('content_changes').select('key').where('id', '>', Number(since)).execute()).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['article:second-words', 'author:ann', 'feed', 'booklet:ann-booklet', 'author:ben']));
    expect((await admin('moderate-article', 'second-words', 'none')).code).toBe(0);
  });

  it('records a new booklet’s chapters, whose article pages now sell instead of show', async () => {
    const keys = (await database.db.selectFrom('content_changes').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['booklet:ann-booklet', 'article:second-words']));
  });

  it('refuses unknown slugs and states, changing nothing', async () => {
    const before = await database.db.selectFrom('articles').select(['slug', 'moderation']).orderBy('id').execute();
    expect(await admin('moderate-article', 'no-such-article', 'banned')).toEqual({ code: 1, out: 'error: no article with the slug no-such-article' });
    expect((await admin('moderate-article', 'plain-words', 'deleted')).out).toBe('error: state must be one of none, suspended, banned');
    expect((await admin('moderate-article', 'plain-words')).code).toBe(2);
    expect(await database.db.selectFrom('articles').select(['slug', 'moderation']).orderBy('id').execute()).toEqual(before);
  });

  it('lists articles with their state', async () => {
    const listed = await admin('list-articles', '--author', 'ann');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toHaveLength(2);
    expect(listed.out).toContain('plain-words\tann\tpublic\tnone');
    expect((await admin('list-articles', '--author', 'ben')).out).toBe('no articles');
  });
});
