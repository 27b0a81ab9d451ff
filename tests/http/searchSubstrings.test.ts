import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/search/indexer';
import type { ArticleSearchResult, SearchPage } from '../../shared/search';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

// Substrings, adjacency, authors and ranking (docs/decisions/055): GET /api/search/ on both engines.
describe('search by substrings, authors and relevance', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 50, reset: 5, search: 10_000 } } });
  const poet = await createPerson(database, '李白');
  const ann = await createPerson(database, 'ann');
  const now = Date.now();
  let age = 0;
  /** Articles written one minute apart, each newer than the one before. */
  const article = async (authorId: number, slug: string, title: string, content: string) => {
    age += 1;
    await writeArticle(database, authorId, slug, { title, content: `<p>${content}</p>`, language: 'zh-CN', ...writtenAt(now - 3_600_000 + age * 60_000) });
    return slug;
  };
  await article(ann.id, 'republic', '國家的名字', '中華人民共和國成立的那一年。');
  await article(ann.id, 'campus', '校园', '她在北京大学读书，后来去了东京大学。');
  await article(ann.id, 'breeze', '春风', '春风又绿江南岸，明月何时照我还。');
  await article(ann.id, 'apart', '散落', '春天来了，一阵风吹过江南的小镇。');
  await article(ann.id, 'comma', '逗号', '春。风！');
  await article(poet.id, 'moon', '静夜思', '床前明月光，疑是地上霜。');
  await article(poet.id, 'road', '蜀道难', '蜀道之难，难于上青天。');
  await article(ann.id, 'mention', '读诗', '今天读了李白的诗，很喜欢。');
  await article(ann.id, 'scattered', '江南与春风', '江南的春天和风');
  await article(ann.id, 'exact-body', '诗句', '我最喜欢的一句：春风 江南。');
  await rebuildSearchIndex(database.db);

  const found = async (q: string, type: string | null = 'article'): Promise<SearchPage> => {
    const res = await request(app)
      .get('/api/search/')
      .query({ q, page_size: '20', ...(type ? { type } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SearchPage;
  };
  const slugs = async (q: string) => (await found(q)).results.map((r) => (r as ArticleSearchResult).slug);
  const sorted = async (q: string) => (await slugs(q)).sort();

  it('finds a piece inside what a segmenter would keep as one word', async () => {
    expect(await slugs('和国')).toEqual(['republic']);
    expect(await slugs('人民共和')).toEqual(['republic']);
    expect(await sorted('京大')).toEqual(['campus']);
    expect(await slugs('京大学')).toEqual(['campus']);
    expect(await slugs('北京大学读书')).toEqual(['campus']);
    expect(await slugs('京东')).toEqual([]);
  });

  it('finds characters only where they stand side by side, never over punctuation', async () => {
    expect(await sorted('春风')).toEqual(['breeze', 'exact-body', 'scattered']);
    expect(await slugs('春风又绿江南岸')).toEqual(['breeze']);
    // 春天来了，一阵风 has 春 and 风 apart; 春。风！ has them across punctuation.
    expect(await slugs('春风又')).toEqual(['breeze']);
    expect(await slugs('风吹')).toEqual(['apart']);
    expect(await slugs('月光床')).toEqual([]);
    expect(await slugs('岸明')).toEqual([]);
  });

  it('finds a single character wherever it stands: first, inside or last in a run', async () => {
    expect(await sorted('国')).toEqual(['republic']);
    expect(await sorted('霜')).toEqual(['moon']);
    expect(await sorted('镇')).toEqual(['apart']);
    expect(await sorted('風')).toEqual(['apart', 'breeze', 'comma', 'exact-body', 'scattered']);
  });

  it('finds an author’s work by their name, their own before what mentions them', async () => {
    const page = await found('李白', null);
    const paths = page.results.map((r) => r.path);
    expect(paths[0]).toBe(`/@${encodeURIComponent('李白')}/`);
    expect(paths.slice(1, 3).sort()).toEqual(['/article/moon/', '/article/road/']);
    expect(paths[3]).toBe('/article/mention/');
    expect(page.count).toBe(4);
    // A part of the name finds them too.
    expect(await sorted('白')).toEqual(['mention', 'moon', 'road']);
  });

  it('ranks the whole query as typed above its terms scattered, the title above the body', async () => {
    // All three hold 春风 and 江南; "exact-body" has them as typed (春风 江南), "scattered"
    // has both in its title but apart, "breeze" has both in its text.
    const order = await slugs('春风 江南');
    expect(order).toHaveLength(3);
    expect(order.indexOf('exact-body')).toBeLessThan(order.indexOf('breeze'));
    expect(order[0]).toBe('scattered');
    // Titles holding the query come first, though older.
    const breeze = await slugs('春风');
    expect(breeze.slice(0, 2).sort()).toEqual(['breeze', 'scattered']);
    expect(breeze[2]).toBe('exact-body');
  });

  it('finds exactly the same with a Traditional query as with its Simplified twin, marking the text as written', async () => {
    for (const [traditional, simplified] of [
      ['和國', '和国'],
      ['華人民', '华人民'],
      ['國家', '国家'],
      ['靜夜', '静夜'],
      ['風', '风'],
      ['難於上', '难于上'],
    ] as const) {
      const a = await found(traditional, null);
      const b = await found(simplified, null);
      expect(a.count, traditional).toBeGreaterThan(0);
      expect(a).toEqual(b);
    }
    const [hit] = (await found('华人')).results;
    expect(hit).toMatchObject({ slug: 'republic', title_html: '國家的名字' });
    expect(hit?.snippet).toBe('中<mark>華人</mark>民共和國成立的那一年。');
    expect((await found('国家')).results[0]?.title_html).toBe('<mark>國家</mark>的名字');
  });
});
