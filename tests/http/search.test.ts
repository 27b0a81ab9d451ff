import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { createBooklet } from '../../server/content/createBooklet';
import { ensureSearchIndex } from '../../server/search/indexer';
import type { ManagedBooklet, ManagedBookletItem } from '../../shared/bookletManagement';
import type { EditableArticle } from '../../shared/entities';
import type { ArticleSearchResult, SearchPage, SearchResult } from '../../shared/search';
import { sendJson, startFakeUpstream } from '../support/fakeUpstream';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { articlePath } from '../../shared/seoMeta';

// The issue "Search that works in Chinese" (docs/decisions/038): GET /api/search/ on both engines.
describe('search of public content', async () => {
  const { app, database } = await testApp({ config: { publicOrigin: 'http://zine.test' }, deps: { limits: { signIn: 50, reset: 5, search: 10_000 } } });
  const { db } = database;
  const users = new UserDirectory(db, Date.now);
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const admin = (...argv: string[]) => runAdminCommand(argv, { users, db, now: Date.now });

  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const annV = await signedIn('ann');
  const benV = await signedIn('ben');
  const send = (visitor: Visitor, method: 'post' | 'patch' | 'delete', url: string) => visitor.agent[method](url).set('X-CSRFToken', visitor.csrf);

  /** An article written in the editor and made public, as an author does it. */
  async function publish(visitor: Visitor, fields: { title: string; content: string; description?: string }): Promise<EditableArticle> {
    const created = await send(visitor, 'post', '/api/articles/').send({ ...fields, client_modify_date: new Date(Date.now() - 60_000).toISOString() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const article = created.body as EditableArticle;
    const published = await send(visitor, 'patch', `/api/articles/${article.id}/`).send({ visibility: 'public' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body as EditableArticle;
  }
  const search = async (query: Record<string, string>, visitor?: Visitor) => {
    const res = visitor ? await visitor.agent.get('/api/search/').query(query) : await request(app).get('/api/search/').query(query);
    return res;
  };
  const found = async (q: string, extra: Record<string, string> = {}, visitor?: Visitor): Promise<SearchPage> => {
    const res = await search({ q, ...extra }, visitor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SearchPage;
  };
  const slugsFor = async (q: string, extra: Record<string, string> = {}) =>
    (await found(q, { type: 'article', ...extra })).results.map((result) => (result as ArticleSearchResult).slug);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

  const westLake = await publish(annV, {
    title: '西湖游记',
    description: '一篇短文',
    content: '<p>我们在杭州的西湖边写作，记录每一天的风景。</p><p>第二段：湖水很安静。</p>',
  });
  const taiwan = await publish(annV, {
    title: '後來的日子',
    content: '<p>後來我們在臺灣寫軟體，也在西湖邊散步。</p>',
  });
  const english = await publish(annV, {
    title: 'The Writers of Hangzhou',
    content: '<p>She writes every morning; the other writers keep writing by the lake.</p>',
  });

  it('finds a Chinese word inside a sentence, every word of the query, and the last one as a prefix', async () => {
    expect(await slugsFor('杭州')).toEqual([westLake.slug]);
    expect(await slugsFor('写作')).toEqual([westLake.slug]);
    // Two words (AND) and a word typed so far.
    expect(await slugsFor('风景 杭州')).toEqual([westLake.slug]);
    expect(await slugsFor('杭')).toEqual([westLake.slug]);
    expect(await slugsFor('杭州 湖南')).toEqual([]);
    expect(await slugsFor('北京')).toEqual([]);
  });

  it('lets Traditional and Simplified find each other', async () => {
    // A Traditional query finds the Simplified article, and the Simplified query the Traditional one.
    expect(await slugsFor('西湖邊')).toEqual(expect.arrayContaining([westLake.slug, taiwan.slug]));
    expect(await slugsFor('寫作')).toEqual([westLake.slug]);
    expect(await slugsFor('台湾')).toEqual([taiwan.slug]);
    expect(await slugsFor('软体')).toEqual([taiwan.slug]);
    expect(await slugsFor('后来')).toEqual([taiwan.slug]);
    // The snippet shows the article's own script, the match marked.
    const [hit] = (await found('台湾', { type: 'article' })).results;
    expect(hit?.snippet).toContain('<mark>臺灣</mark>');
    expect(hit?.title_html).toBe('後來的日子');
  });

  it('folds case and finds English words by their stem and by prefix', async () => {
    expect(await slugsFor('HANGZHOU')).toEqual([english.slug]);
    expect(await slugsFor('writing')).toEqual([english.slug]);
    expect(await slugsFor('hangz')).toEqual([english.slug]);
    expect(await slugsFor('lake mornings')).toEqual([english.slug]);
    const [hit] = (await found('writing')).results;
    expect(hit?.snippet).toBe('She <mark>writes</mark> every morning; the other writers keep <mark>writing</mark> by the lake.');
  });

  it('answers the DRF page with links, the result fields and highlights', async () => {
    const page = await found('西湖');
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    const first = page.results[0] as ArticleSearchResult;
    // The title match first.
    expect(first).toEqual({
      type: 'article',
      path: articlePath(westLake.slug),
      slug: westLake.slug,
      title: '西湖游记',
      title_html: '<mark>西湖</mark>游记',
      description: '一篇短文',
      snippet: '一篇短文 我们在杭州的<mark>西湖</mark>边写作，记录每一天的风景。 第二段：湖水很安静。',
      cover_url: '',
      language: 'zh-CN',
      author: { username: 'ann', avatar: '', column: '/@ann/' },
      paid: false,
      created: expect.any(String) as unknown,
      modified: expect.any(String) as unknown,
    });
    expect(Date.parse(first.modified)).toBeGreaterThan(Date.now() - 60_000);
    expect(page.results[1]).toMatchObject({ slug: taiwan.slug, snippet: '後來我們在臺灣寫軟體，也在<mark>西湖</mark>邊散步。' });
  });

  it('ranks title matches first, then relevance, recency breaking ties', async () => {
    const inBody = await publish(annV, { title: '老房子', content: '<p>一座灯塔的故事</p>' });
    await pause();
    const older = await publish(annV, { title: '灯塔', content: '<p>海边的老房子</p>' });
    await pause();
    const newer = await publish(annV, { title: '灯塔', content: '<p>海边的老房子</p>' });
    expect(await slugsFor('灯塔')).toEqual([newer.slug, older.slug, inBody.slug]);
    // Editing the older one (the same words) makes it the more recent of two equals.
    await pause();
    expect((await send(annV, 'patch', `/api/articles/${older.id}/`).send({ content: '<p>海边的老房子</p><p></p>' })).status).toBe(200);
    expect(await slugsFor('灯塔')).toEqual([older.slug, newer.slug, inBody.slug]);
  });

  it('forgets an article made private, trashed, banned or deleted at the next query, and finds it again when restored', async () => {
    const article = await publish(annV, { title: '短暂的文章', content: '<p>独角兽出现在山谷里。</p>' });
    const indexed = () => db.selectFrom('search_documents').select('id').where('kind', '=', 'article').where('ref_id', '=', article.id).execute();
    expect(await slugsFor('独角兽')).toEqual([article.slug]);

    expect((await send(annV, 'patch', `/api/articles/${article.id}/`).send({ visibility: 'private' })).status).toBe(200);
    expect(await slugsFor('独角兽')).toEqual([]);
    expect(await indexed()).toEqual([]);
    expect((await send(annV, 'patch', `/api/articles/${article.id}/`).send({ visibility: 'public' })).status).toBe(200);
    expect(await slugsFor('独角兽')).toEqual([article.slug]);

    expect(await admin('moderate-article', article.slug, 'banned')).toMatchObject({ code: 0 });
    expect(await slugsFor('独角兽')).toEqual([]);
    expect(await admin('moderate-article', article.slug, 'suspended')).toMatchObject({ code: 0 });
    expect(await slugsFor('独角兽')).toEqual([]);
    expect(await admin('moderate-article', article.slug, 'none')).toMatchObject({ code: 0 });
    expect(await slugsFor('独角兽')).toEqual([article.slug]);

    const current = (await annV.get(`/api/articles/${article.id}/`)).body as EditableArticle;
    const version = encodeURIComponent(current.client_modify_date);
    expect((await send(annV, 'delete', `/api/articles/${article.id}/?client_modify_date=${version}`)).status).toBe(204);
    expect(await slugsFor('独角兽')).toEqual([]);
    expect((await send(annV, 'post', `/api/articles/${article.id}/restore/`)).status).toBe(200);
    expect(await slugsFor('独角兽')).toEqual([article.slug]);
    expect((await send(annV, 'delete', `/api/articles/${article.id}/?client_modify_date=${version}`)).status).toBe(204);
    expect((await send(annV, 'delete', `/api/articles/${article.id}/?client_modify_date=${version}`)).status).toBe(204);
    expect(await slugsFor('独角兽')).toEqual([]);
    expect(await indexed()).toEqual([]);
  });

  it('follows an edit of the title or the text', async () => {
    const article = await publish(annV, { title: '旧标题', content: '<p>原来的句子</p>' });
    expect((await send(annV, 'patch', `/api/articles/${article.id}/`).send({ title: '新的标题', content: '<p>改写后的段落</p>' })).status).toBe(200);
    expect(await slugsFor('旧标题')).toEqual([]);
    expect(await slugsFor('原来')).toEqual([]);
    expect(await slugsFor('新的')).toEqual([article.slug]);
    expect(await slugsFor('段落')).toEqual([article.slug]);
  });

  it('finds columns and booklets by their words, and one kind when asked', async () => {
    await users.create({
      email: 'lens@example.com',
      username: '摄影师小王',
      password: PASSWORD,
      profile: { description: '热爱摄影的旅行者，常驻杭州。' },
    });
    const columns = await found('摄影', { type: 'column' });
    expect(columns.results).toEqual([
      {
        type: 'column',
        path: `/@${encodeURIComponent('摄影师小王')}/`,
        username: '摄影师小王',
        title_html: '<mark>摄影</mark>师小王',
        avatar: '',
        description: '热爱摄影的旅行者，常驻杭州。',
        snippet: '热爱<mark>摄影</mark>的旅行者，常驻杭州。',
        created: expect.any(String) as unknown,
        modified: expect.any(String) as unknown,
      },
    ]);
    // A username is found by its own words (the last as a prefix).
    expect((await found('摄影师', { type: 'column' })).results.map((r) => r.type)).toEqual(['column']);

    const booklet = await send(annV, 'post', '/api/booklets/')
      .field('name', '江南旅行手册')
      .field('heading', '水乡与园林')
      .field('description', '苏州和杭州的慢行路线');
    expect(booklet.status).toBe(201);
    const booklets = await found('园林', { type: 'booklet' });
    expect(booklets.results).toEqual([
      expect.objectContaining({
        type: 'booklet',
        path: `/booklet/${(booklet.body as ManagedBooklet).slug}/`,
        name: '江南旅行手册',
        heading: '水乡与园林',
        description: '苏州和杭州的慢行路线',
        title_html: '江南旅行手册',
        snippet: '水乡与<mark>园林</mark> 苏州和杭州的慢行路线',
        owner: { username: 'ann', avatar: '', column: '/@ann/' },
      }),
    ]);
    // Every kind at once: "杭州" is in two articles, the column and the booklet.
    const everything = await found('杭州');
    expect([...new Set(everything.results.map((r) => r.type))].sort()).toEqual(['article', 'booklet', 'column']);
    expect((await found('杭州', { type: 'article' })).results.every((r) => r.type === 'article')).toBe(true);

    // A booklet in the trash is not found; restored, it is.
    const id = (booklet.body as ManagedBooklet).id;
    expect((await send(annV, 'delete', `/api/booklets/${id}/`)).status).toBe(204);
    expect((await found('园林')).count).toBe(0);
    expect((await send(annV, 'post', `/api/booklets/${id}/restore/`)).status).toBe(200);
    expect((await found('园林')).count).toBe(1);
  });

  it('never indexes a paid chapter’s text: its title alone finds it, for buyers too', async () => {
    const chapter = await publish(annV, {
      title: '付费章节：秘密花园',
      description: '付费的开场白',
      content: '<p>只有买家才能读到的句子：月光下的蓝色蝴蝶。</p>',
    });
    // Free at first: its text is found.
    expect(await slugsFor('蝴蝶')).toEqual([chapter.slug]);
    const bookletId = await createBooklet(
      db,
      {
        slug: 'secret-garden',
        ownerId: ann.id,
        name: 'Secret Garden',
        priceCents: 990,
        items: [{ type: 'article', articleId: chapter.id, slug: 'the-garden', salesMode: 'payment_required' }],
      },
      Date.now(),
    );
    await db.insertInto('booklet_purchases').values({ booklet_id: bookletId, user_id: ben.id, order_ref: null, created_at: Date.now() }).execute();
    for (const visitor of [undefined, benV, annV]) {
      expect((await found('蝴蝶', {}, visitor)).count).toBe(0);
      expect((await found('开场白', {}, visitor)).count).toBe(0);
    }
    const row = await db.selectFrom('search_documents').selectAll().where('kind', '=', 'article').where('ref_id', '=', chapter.id).executeTakeFirstOrThrow();
    expect(row.body_text).toBe('');
    expect((await found('秘密花园')).results).toEqual([
      expect.objectContaining({
        type: 'article',
        slug: chapter.slug,
        paid: true,
        description: '',
        snippet: '',
        path: '/booklet/secret-garden/the-garden/',
        title_html: '付费章节：<mark>秘密花园</mark>',
      }),
    ]);

    // Made free (price 0), the text is found again; priced again, it is gone.
    expect((await admin('set-booklet-price', 'secret-garden', '0')).code).toBe(0);
    expect(await slugsFor('蝴蝶')).toEqual([chapter.slug]);
    expect((await admin('set-booklet-price', 'secret-garden', '9.90')).code).toBe(0);
    expect(await slugsFor('蝴蝶')).toEqual([]);
  });

  it('follows a chapter’s sales mode changed in the booklet editor', async () => {
    const chapter = await publish(annV, { title: '第二章', content: '<p>藏在书里的钥匙</p>' });
    const booklet = await send(annV, 'post', '/api/booklets/').field('name', '钥匙之书').field('price', '5');
    expect(booklet.status).toBe(201);
    const bookletId = (booklet.body as ManagedBooklet).id;
    const item = await send(annV, 'post', `/api/booklet/${bookletId}/items/`).send({ type: 'article', article_id: chapter.id, parent_id: null });
    expect(item.status).toBe(201);
    const itemId = (item.body as ManagedBookletItem).id;
    expect(await slugsFor('钥匙')).toEqual([chapter.slug]);
    expect((await send(annV, 'patch', `/api/booklet/${bookletId}/items/${itemId}/`).send({ sales_mode: 'payment_required' })).status).toBe(200);
    expect(await slugsFor('藏在')).toEqual([]);
    expect((await found('第二章')).results).toEqual([expect.objectContaining({ slug: chapter.slug, paid: true })]);
    expect((await send(annV, 'patch', `/api/booklet/${bookletId}/items/${itemId}/`).send({ sales_mode: 'free' })).status).toBe(200);
    expect(await slugsFor('藏在')).toEqual([chapter.slug]);
  });

  it('hides everything of a banned or suspended author, and shows it again when active', async () => {
    const cat = await createPerson(database, 'cat');
    const catV = await signedIn('cat');
    const article = await publish(catV, { title: '猫的日记', content: '<p>窗台上的阳光</p>' });
    expect(cat.username).toBe('cat');
    expect(await slugsFor('窗台')).toEqual([article.slug]);
    for (const status of ['banned', 'suspended', 'inactive']) {
      expect((await admin('set-status', 'cat@example.com', status)).code).toBe(0);
      expect((await found('窗台')).count).toBe(0);
      expect((await found('cat', { type: 'column' })).count).toBe(0);
    }
    expect((await admin('set-status', 'cat@example.com', 'active')).code).toBe(0);
    expect(await slugsFor('窗台')).toEqual([article.slug]);
    expect((await found('cat', { type: 'column' })).count).toBe(1);
    // A membership that lapsed hides the author with no write at all.
    await db
      .updateTable('users')
      .set({ membership_tier: 'premium', membership_expires_at: Date.now() - 1000 })
      .where('id', '=', cat.id)
      .execute();
    expect((await found('窗台')).count).toBe(0);
    await db.updateTable('users').set({ membership_tier: null, membership_expires_at: null }).where('id', '=', cat.id).execute();
  });

  it('escapes everything but the marks: script tags in content and titles never come back as markup', async () => {
    const article = await publish(annV, {
      title: '<script>alert("标题")</script> 安全指南',
      content: '<p>&lt;script&gt;alert(1)&lt;/script&gt; 安全 &amp; "引号" \'单引号\'</p><script>alert(2)</script><img src=x onerror="alert(3)">',
    });
    const [hit] = (await found('安全', { type: 'article' })).results;
    expect(hit).toMatchObject({ slug: article.slug });
    expect(hit?.title_html).toBe('&lt;script&gt;alert(&quot;标题&quot;)&lt;/script&gt; <mark>安全</mark>指南');
    expect(hit?.snippet).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>安全</mark> &amp; &quot;引号&quot; &#39;单引号&#39;');
    for (const html of [hit?.title_html ?? '', hit?.snippet ?? '']) {
      expect(html.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
    }
    // The text that looked like a tag is found; the sanitiser had dropped the real script, whose words are not indexed.
    expect((await found('alert 1')).results.map((r: SearchResult) => r.path)).toEqual([articlePath(article.slug)]);
    expect((await found('alert 2')).count).toBe(0);
  });

  it('pages by 10 with DRF links, and answers an empty page past the end', async () => {
    for (let i = 0; i < 11; i++) await publish(benV, { title: `月亮第${i}篇`, content: '<p>月亮很圆</p>' });
    const first = await found('月亮');
    expect(first.count).toBe(11);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`http://zine.test/api/search/?q=${encodeURIComponent('月亮')}&page=2&page_size=10`);
    const second = await found('月亮', { page: '2' });
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
    expect(new Set([...first.results, ...second.results].map((r) => r.path)).size).toBe(11);
    const beyond = await found('月亮', { page: '99999' });
    expect(beyond).toMatchObject({ count: 11, next: null, results: [] });
    expect((await found('月亮', { page_size: '20' })).results).toHaveLength(11);
  });

  it('refuses bad input with DRF field errors', async () => {
    const cases: [Record<string, string>, object][] = [
      [{}, { q: ['This field is required.'] }],
      [{ q: '' }, { q: ['This field may not be blank.'] }],
      [{ q: '   ' }, { q: ['This field may not be blank.'] }],
      [{ q: '杭'.repeat(101) }, { q: ['Ensure this field has no more than 100 characters.'] }],
      [{ q: '杭州', type: 'video' }, { type: ['Select a valid choice: article, column, booklet.'] }],
      [{ q: '杭州', page: 'abc' }, { page: ['A valid integer is required.'] }],
      [{ q: '杭州', page: '0' }, { page: ['Ensure this value is greater than or equal to 1.'] }],
      [{ q: '杭州', page: '1.5' }, { page: ['A valid integer is required.'] }],
      [{ q: '杭州', page_size: '500' }, { page_size: ['Ensure this value is less than or equal to 20.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const repeated = await request(app).get('/api/search/?q=a&q=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual({ q: ['Not a valid string.'] });
    // 100 characters is fine; a query with no words finds nothing.
    expect((await search({ q: '杭'.repeat(100) })).status).toBe(200);
    expect(await found('!!! ？？')).toEqual({ count: 0, count_capped: false, next: null, previous: null, results: [] });
    expect((await found('" OR 1=1 -- \' * : ( NEAR')).count).toBe(0);
  });

  it('builds the index anew with the admin command and at start when it is empty', async () => {
    const before = await found('杭州');
    const out = await admin('search-reindex');
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/^indexed \d+ documents in \d+ ms$/);
    expect(await found('杭州')).toEqual(before);
    await db.deleteFrom('search_documents').execute();
    expect((await found('杭州')).count).toBe(0);
    expect(await ensureSearchIndex(db)).toBeGreaterThan(0);
    expect(await found('杭州')).toEqual(before);
    // A current index is left alone; one built by another format (its one row in search_meta) is built anew.
    expect(await ensureSearchIndex(db)).toBeNull();
    await db.updateTable('search_meta').set({ value: '1' }).where('key', '=', 'format').execute();
    expect(await ensureSearchIndex(db)).toBeGreaterThan(0);
    expect(await ensureSearchIndex(db)).toBeNull();
    expect(await found('杭州')).toEqual(before);
  });
});

describe('search throttling', async () => {
  const { app } = await testApp({ deps: { limits: { signIn: 10, reset: 5, search: 2 } } });

  it('answers 429 in DRF’s words past the limit of an address', async () => {
    expect((await request(app).get('/api/search/?q=a')).status).toBe(200);
    expect((await request(app).get('/api/search/?q=b')).status).toBe(200);
    const refused = await request(app).get('/api/search/?q=c');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Request was throttled. Expected available in 60 seconds.' });
  });
});

describe('search in proxy mode', async () => {
  const upstream = await startFakeUpstream((req, res) => sendJson(res, 200, { count: 0, next: null, previous: null, results: [], url: req.url }));
  afterAll(() => upstream.close());
  const { app } = await testApp({ config: { apiUpstream: upstream.origin } });

  it('passes the search to the upstream as it came', async () => {
    const res = await request(app).get('/api/search/').query({ q: '西湖 邊', type: 'article', page: '2' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 0, url: `/api/search/?q=${encodeURIComponent('西湖 邊')}&type=article&page=2` });
  });
});
