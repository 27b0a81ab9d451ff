import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { readerHtml } from '../../server/content/readerHtml';
import { ARTICLE_HTML_RULES } from '../../server/content/sanitize';
import type { Database } from '../../server/db/connection';
import { writeArticle as writeArticleRow, writtenAgo, type ArticleOverrides } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';

const DAY = 24 * 3600 * 1000;
const XSS = '</script><script>alert(1)</script>';

/** articles' articles: described, one paragraph long, written two hours ago. */
function writeArticle(database: Database, authorId: number, slug: string, overrides: ArticleOverrides = {}): Promise<number> {
  const defaults = { description: 'About it', content: '<p>First paragraph.</p>', word_count: 15, ...writtenAgo(2 * 3600_000) };
  return writeArticleRow(database, authorId, slug, { ...defaults, ...overrides });
}

describe('reading an article', async () => {
  const { app, database } = await testApp();
  const users = new UserDirectory(database.db, Date.now);
  const ann = await createPerson(database, 'ann');
  const expired = await createPerson(database, 'exp');
  await users.setMembership(expired.email, 'vip', Date.now() - DAY);
  const inactive = await createPerson(database, 'ina', { status: 'inactive' });
  const suspendedAuthor = await createPerson(database, 'sus', { status: 'suspended' });
  await createPerson(database, 'ben');
  const operator = await createPerson(database, 'opal');
  await users.setRole(operator.email, 'operator');

  await writeArticle(database, ann.id, 'open-letter', {
    title: `Hello ${XSS}`,
    content: `<p style="color:#c2410c;position:fixed">Kept</p><script>alert(1)</script><img src="x" onerror="alert(1)">`,
  });
  await writeArticle(database, ann.id, 'banned-one', { moderation: 'banned' });
  await writeArticle(database, ann.id, 'in-review', { moderation: 'suspended' });
  await writeArticle(database, ann.id, 'my-secret', { visibility: 'private' });
  await writeArticle(database, ann.id, 'thrown-away', { trashed: 1 });
  await writeArticle(database, expired.id, 'lapsed', {});
  await writeArticle(database, inactive.id, 'dormant', {});
  await writeArticle(database, suspendedAuthor.id, 'author-in-review', {});

  it('answers the article with sanitised content and its author', async () => {
    const res = await request(app).get('/api/article/open-letter/').expect(200);
    expect(res.body).toMatchObject({ slug: 'open-letter', title: `Hello ${XSS}`, author: { username: 'ann', column: '/@ann/' } });
    expect(res.body.content).toBe('<p style="color:#c2410c">Kept</p><img src="x" loading="lazy" decoding="async" />');
  });

  it('cleans HTML stored by an older rule set once, at its first read, and then serves it as stored', async () => {
    const id = await writeArticle(database, ann.id, 'stored-raw', { content: '<p onclick="x()">Raw</p><script>alert(1)</script>' });
    const first = await request(app).get('/api/article/stored-raw/').expect(200);
    expect(first.body.content).toBe('<p>Raw</p>');
    const stored = await database.db.selectFrom('articles').select(['content', 'content_rules']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: '<p>Raw</p>', content_rules: ARTICLE_HTML_RULES });
    // Cleaned by today's rules: read as stored, without cleaning it again.
    await database.db.updateTable('articles').set({ content: '<p>As <b>stored</b></p>' }).where('id', '=', id).execute();
    expect((await request(app).get('/api/article/stored-raw/').expect(200)).body.content).toBe('<p>As <b>stored</b></p>');
  });

  it('never writes its cleaned HTML over a save that landed meanwhile', async () => {
    const id = await writeArticle(database, ann.id, 'saved-meanwhile', { content: '<p>Old<script>x</script></p>' });
    await database.db.updateTable('articles').set({ content: '<p>New</p>', content_rules: ARTICLE_HTML_RULES }).where('id', '=', id).execute();
    expect(await readerHtml(database.db, { id, content: '<p>Old<script>x</script></p>', content_rules: 0 })).toBe('<p>Old</p>');
    const stored = await database.db.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>New</p>');
  });

  it.each([
    ['no-such-article', 404, 'Does Not Exist'],
    ['thrown-away', 404, 'Does Not Exist'],
    ['banned-one', 403, 'Article Banned'],
    ['in-review', 403, 'Article Suspended'],
    ['author-in-review', 403, 'Article Suspended'],
    ['my-secret', 403, 'Private Article'],
    ['lapsed', 403, 'User Expired'],
    ['dormant', 403, 'User Inactive'],
    ['Bad%20Slug!', 404, 'Does Not Exist'],
  ])('refuses %s with %i %s, in the API and on the page', async (slug, status, reason) => {
    const api = await request(app).get(`/api/article/${slug}/`).expect(status);
    expect(api.body).toEqual({ detail: reason });
    const page = await request(app).get(`/article/${slug}/`).expect(status);
    expect(page.text).not.toContain('First paragraph.');
  });

  it.each([
    ['banned-one', 'Access Forbidden'],
    ['in-review', 'In Reviewing'],
    ['lapsed', 'Suspend Access'],
    ['no-such-article', 'This article was deleted or unshared by its owner'],
    ['dormant', 'The author&#x27;s account is not activated'],
    ['my-secret', 'The author made this article private again'],
  ])('renders the screen of %s: %s', async (slug, title) => {
    const page = await request(app).get(`/article/${slug}/`);
    expect(page.text).toContain(title);
  });

  it('shows the expired author’s screen with a buy-membership link to /member/', async () => {
    const page = await request(app).get('/article/lapsed/').expect(403);
    expect(page.text).toContain('href="/member/"');
  });

  it('lets the author and an operator read what others cannot', async () => {
    for (const email of ['ann@example.com', 'opal@example.com']) {
      const visitor = new Visitor(app);
      await visitor.signIn(email, PASSWORD);
      expect((await visitor.get('/api/article/my-secret/')).status).toBe(200);
      expect((await visitor.get('/article/banned-one/')).status).toBe(200);
    }
    const other = new Visitor(app);
    await other.signIn('ben@example.com', PASSWORD);
    expect((await other.get('/api/article/my-secret/')).status).toBe(403);
  });

  it('renders the article on the server, escaped, with its title and relative date', async () => {
    const res = await request(app).get('/article/open-letter/').set('Accept-Language', 'zh-CN').expect(200);
    expect(res.text).toContain('<title>Hello &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Zine</title>');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('onerror');
    expect(res.text).toContain('<p style="color:#c2410c">Kept</p>');
    expect(res.text).toContain('2小时前');
    expect(res.text).toContain('href="/@ann/"');
    const state = jsonBlock(res.text, '__STATE__') as { article: { current: { slug: string } } };
    expect(state.article.current.slug).toBe('open-letter');
  });

  it('renders demo-sized articles for crawlers complete', async () => {
    const res = await request(app).get('/article/open-letter/').set('User-Agent', 'Googlebot/2.1').expect(200);
    expect(res.text).toContain('Kept');
    expect(res.text.trimEnd().endsWith('</html>')).toBe(true);
  });
});
