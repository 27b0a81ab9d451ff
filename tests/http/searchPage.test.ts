import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/search/indexer';
import { writeArticle } from '../support/articles';
import { createPerson } from '../support/people';
import { jsonBlock, testApp } from '../support/testApp';

/** The search page as the server renders it (the API itself: tests/http/search.test.ts). */
describe('the search page', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  const now = Date.now();
  for (let i = 0; i < 12; i++) {
    await writeArticle(database, ann.id, `walk-${i}`, { title: `Walking note ${i}`, created_at: now - i * 60_000, modified_at: now - i * 60_000 });
  }
  await writeArticle(database, ann.id, 'west-lake', { title: '雨中的西湖', content: '<p>我们在杭州的西湖边写作。</p>', created_at: now, modified_at: now });
  await writeArticle(database, ann.id, 'hidden-walk', { title: 'Walking in secret', visibility: 'private' });
  await writeArticle(database, ann.id, 'script-walk', { title: 'Walking <script>alert(1)</script> home', modified_at: now - 3_600_000 });
  await rebuildSearchIndex(database.db);

  it('renders the results of a query with the words marked, never indexed', async () => {
    const res = await request(app).get('/search/?q=walking').expect(200);
    expect(res.text).toContain('<meta name="robots" content="noindex');
    expect(res.text).toContain('13 results for “walking”');
    expect(res.text).toContain('href="/article/walk-0/"');
    expect(res.text).toContain('<mark>Walking</mark> note 0');
    expect(res.text).not.toContain('hidden-walk');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('Page 1 of 2');
    expect(res.text).toContain('href="/search/?q=walking&amp;page=2"');
    const state = jsonBlock(res.text, '__STATE__') as { pages: { search: { query: { q: string }; results: { count: number; items: unknown[] } } } };
    expect(state.pages.search.query.q).toBe('walking');
    expect(state.pages.search.results.count).toBe(13);
    expect(state.pages.search.results.items).toHaveLength(10);
  });

  it('pages, filters by kind and finds Chinese words inside a sentence in every language', async () => {
    const second = await request(app).get('/search/?q=walking&page=2').expect(200);
    expect(second.text).toContain('Page 2 of 2');
    expect(second.text).toContain('<mark>Walking</mark> &lt;script&gt;alert(1)&lt;/script&gt; home');
    expect(second.text).not.toContain('<script>alert(1)');
    expect(second.text).toContain('href="/search/?q=walking"');
    const columns = await request(app).get('/search/?q=walking&type=column').expect(200);
    expect(columns.text).toContain('Nothing found for “walking”');
    const zh = await request(app)
      .get(`/search/?q=${encodeURIComponent('杭州')}`)
      .set('Accept-Language', 'zh-CN')
      .expect(200);
    expect(zh.text).toContain('“杭州”共 1 个结果');
    expect(zh.text).toContain('我们在<mark>杭州</mark>的西湖边写作');
    const tw = await request(app)
      .get(`/search/?q=${encodeURIComponent('西湖')}&__lang=zh-TW`)
      .expect(200);
    expect(tw.text).toContain('「西湖」共 1 個結果');
  });

  it('shows the box alone without a query, and takes odd addresses calmly', async () => {
    const empty = await request(app).get('/search/').expect(200);
    expect(empty.text).toContain('role="search"');
    expect(empty.text).not.toContain('results for');
    for (const odd of ['?q=%20%20', '?q=walking&page=abc', '?q=walking&type=nonsense', '?q=walking&page=99999', `?q=${'x'.repeat(500)}`]) {
      const res = await request(app).get(`/search/${odd}`);
      expect(res.status, odd).toBe(200);
    }
  });

  it('puts a search box in the header of every other page', async () => {
    const home = await request(app).get('/').expect(200);
    expect(home.text).toContain('<form role="search" class="search-form site-header__search" action="/search/" method="get">');
  });
});
