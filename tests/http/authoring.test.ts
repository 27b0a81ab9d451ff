import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { EditableArticle } from '../../shared/entities';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ORIGIN = 'http://zine.example';

// The article authoring API: create, read, save with the
// conflict rules, trash and delete, restore, publish, tags, sanitising.
describe('the article authoring API', async () => {
  // A fixed origin: the render cache keys pages by origin, and share links are absolute.
  const { app, database } = await testApp({ config: { publicOrigin: ORIGIN } });
  const db = database.db;
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const annTab = await signedIn('ann');
  const benTab = await signedIn('ben');

  async function signedIn(name: string): Promise<Visitor> {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  }
  const send = (visitor: Visitor, method: 'post' | 'patch' | 'delete', path: string, body?: object, headers: Record<string, string> = {}) => {
    const call = visitor.agent[method](path).set('X-CSRFToken', visitor.csrf).set(headers);
    return body === undefined ? call : call.send(body);
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const stored = (id: number) => db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function create(body: object = {}): Promise<EditableArticle> {
    const res = await send(
      annTab,
      'post',
      '/api/articles/',
      { title: 'Draft', content: '<p>Hello</p>', client_modify_date: iso(Date.now() - 60_000), ...body },
      { 'X-Client-Id': 'tab-one' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as EditableArticle;
  }

  describe('POST /api/articles/', () => {
    it('creates a private article with a fresh slug, owned by the caller', async () => {
      const a = await create({ title: 'My first', description: 'About it', theme: 'theme-2', style: 'linen', word_count: 2 });
      const b = await create();
      expect(a).toMatchObject({
        title: 'My first',
        description: 'About it',
        theme: 'theme-2',
        style: 'linen',
        word_count: 2,
        visibility: 'private',
        trashed: false,
        tags: [],
        shared_marks: [],
        content: '<p>Hello</p>',
      });
      expect(a.slug).toMatch(/^[a-z0-9]{12}$/);
      expect(a.slug).not.toBe(b.slug);
      const row = await stored(a.id);
      expect(row.author_id).toBe(ann.id);
      expect(row.last_client_id).toBe('tab-one');
      expect(a.client_modify_date).toBe(iso(Number(row.client_modify_date)));
      // A private draft is not readable by others.
      expect((await request(app).get(`/api/article/${a.slug}/`)).body).toEqual({ detail: 'Private Article' });
    });

    it('guesses the language for the reader page', async () => {
      const zh = await create({ title: '我们的故事', content: '<p>这是一个关于时间的故事。</p>' });
      const tw = await create({ title: '我們的故事', content: '<p>這是一個關於時間的故事。</p>' });
      expect((await stored(zh.id)).language).toBe('zh-CN');
      expect((await stored(tw.id)).language).toBe('zh-TW');
    });

    it('refuses signed out (403) and without the CSRF token (403), creating nothing', async () => {
      const before = await countArticles();
      const anonymous = new Visitor(app);
      await anonymous.open();
      expect((await send(anonymous, 'post', '/api/articles/', { title: 'x' })).status).toBe(403);
      const noCsrf = await annTab.agent.post('/api/articles/').send({ title: 'x' });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.detail).toMatch(/^CSRF Failed/);
      expect(await countArticles()).toBe(before);
    });

    it('answers 400 to malformed JSON, wrong types and huge values, with field errors', async () => {
      const before = await countArticles();
      const malformed = await annTab.agent.post('/api/articles/').set('X-CSRFToken', annTab.csrf).set('Content-Type', 'application/json').send('{"title": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toMatch(/JSON/);
      const cases: [object, string][] = [
        [{ title: 42 }, 'title'],
        [{ title: 'x'.repeat(201) }, 'title'],
        [{ description: 'x'.repeat(501) }, 'description'],
        [{ content: 'x'.repeat(1_000_001) }, 'content'],
        [{ theme: 'theme-9' }, 'theme'],
        [{ style: 'wallpaper' }, 'style'],
        [{ word_count: -1 }, 'word_count'],
        [{ word_count: 1.5 }, 'word_count'],
        [{ word_count: '12' }, 'word_count'],
        [{ client_modify_date: 'yesterday' }, 'client_modify_date'],
        [{ client_modify_date: iso(Date.now() + 3 * 24 * 3600_000) }, 'client_modify_date'],
        [{ cover_url: 'javascript:alert(1)' }, 'cover_url'],
        [{ cover_url: '//evil.example/x.png' }, 'cover_url'],
      ];
      for (const [body, field] of cases) {
        const res = await send(annTab, 'post', '/api/articles/', body);
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(Object.keys(res.body), JSON.stringify(body).slice(0, 60)).toContain(field);
      }
      const tooLarge = await send(annTab, 'post', '/api/articles/', { content: 'x'.repeat(2_200_000) });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({ detail: 'Request body too large.' });
      const badClient = await send(annTab, 'post', '/api/articles/', {}, { 'X-Client-Id': '<script>' });
      expect(badClient.status).toBe(400);
      expect(await countArticles()).toBe(before);
    });

    it('stores hostile HTML clean and keeps what the editor makes', async () => {
      const editorHtml = [
        '<h2>Heading</h2>',
        '<p style="text-align: center; text-indent: 2em; padding-left: 4em">Centred <span style="color: #c0392b; font-family: Lora; font-size: 20px">red</span></p>',
        '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote><pre><code>x = 1</code></pre>',
        '<img src="/media/abc_hd.png" alt="a"><img src="http://localhost/media/def_hd.png">',
        '<p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>',
      ].join('');
      const hostile =
        '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>' +
        '<p style="background: url(https://evil.example/x.png); color: red">styled</p><iframe src="https://evil.example"></iframe>';
      const article = await create({ content: editorHtml + hostile });
      const { content } = await stored(article.id);
      for (const kept of [
        '<h2>Heading</h2>',
        'text-align:center',
        'text-indent:2em',
        'padding-left:4em',
        'color:#c0392b',
        'font-family:Lora',
        'font-size:20px',
        '<blockquote>',
        '<pre><code>',
        '<ul>',
        '<ol>',
        'src="/media/abc_hd.png"',
        'src="http://localhost/media/def_hd.png"',
        '<strong>',
        '<u>',
        '<s>',
      ]) {
        expect(content, kept).toContain(kept);
      }
      for (const gone of ['<script', 'alert(1)', 'onerror', 'javascript:', 'url(', 'background', '<iframe']) {
        expect(content, gone).not.toContain(gone);
      }
      expect(content).toContain('color:red');
      expect(article.content).toBe(content);
    });
  });

  describe('GET /api/articles/{id}/', () => {
    it('answers the owner, and 404 to anyone else or a made-up id', async () => {
      const article = await create({ title: 'Mine' });
      const mine = await annTab.get(`/api/articles/${article.id}/`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual(article);
      for (const path of [`/api/articles/${article.id}/`, '/api/articles/999999/', '/api/articles/abc/', '/api/articles/1e3/']) {
        const res = path.endsWith(`${article.id}/`) ? await benTab.get(path) : await annTab.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual({ detail: 'Not found.' });
      }
      expect((await request(app).get(`/api/articles/${article.id}/`)).status).toBe(403);
    });
  });

  describe('PATCH /api/articles/{id}/', () => {
    it('saves the fields and answers the article; content sanitised', async () => {
      const article = await create();
      const edit = iso(Date.now() - 30_000);
      const res = await send(
        annTab,
        'patch',
        `/api/articles/${article.id}/`,
        { id: article.id, title: 'Renamed', content: '<p>New<script>x()</script></p>', word_count: 1, client_modify_date: edit },
        { 'X-Client-Id': 'tab-two', 'X-Base-Modify-Date': article.client_modify_date },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id: article.id, slug: article.slug, title: 'Renamed', content: '<p>New</p>', word_count: 1, client_modify_date: edit });
      const row = await stored(article.id);
      expect(row.title).toBe('Renamed');
      expect(row.content).toBe('<p>New</p>');
      expect(row.last_client_id).toBe('tab-two');
    });

    it('refuses a save based on another version (X-Base-Modify-Date) with 409 and the server copy', async () => {
      const article = await create();
      const newer = iso(Date.now() - 20_000);
      expect(
        (
          await send(
            annTab,
            'patch',
            `/api/articles/${article.id}/`,
            { content: '<p>From tab A</p>', client_modify_date: newer },
            { 'X-Base-Modify-Date': article.client_modify_date },
          )
        ).status,
      ).toBe(200);
      // Tab B still holds the first version; its clock runs ahead, so only the header catches it.
      const res = await send(
        annTab,
        'patch',
        `/api/articles/${article.id}/`,
        { content: '<p>From tab B</p>', client_modify_date: iso(Date.now()) },
        { 'X-Base-Modify-Date': article.client_modify_date },
      );
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe('Conflict');
      expect(res.body.article).toMatchObject({ id: article.id, content: '<p>From tab A</p>', client_modify_date: newer });
      expect((await stored(article.id)).content).toBe('<p>From tab A</p>');
    });

    it('refuses an older client_modify_date even without the header (an upstream may drop it)', async () => {
      const article = await create();
      const newer = iso(Date.now() - 10_000);
      expect((await send(annTab, 'patch', `/api/articles/${article.id}/`, { content: '<p>Newer</p>', client_modify_date: newer })).status).toBe(200);
      const res = await send(annTab, 'patch', `/api/articles/${article.id}/`, { content: '<p>Older</p>', client_modify_date: article.client_modify_date });
      expect(res.status).toBe(409);
      expect(res.body.article.content).toBe('<p>Newer</p>');
      expect((await stored(article.id)).content).toBe('<p>Newer</p>');
      // A malformed base version is a 400, not a silent overwrite.
      const bad = await send(annTab, 'patch', `/api/articles/${article.id}/`, { content: '<p>x</p>' }, { 'X-Base-Modify-Date': 'not-a-date' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toContain('x-base-modify-date');
    });

    it('lets exactly one of two saves racing from the same version through', async () => {
      const article = await create();
      const save = (text: string, ms: number) =>
        send(
          annTab,
          'patch',
          `/api/articles/${article.id}/`,
          { content: `<p>${text}</p>`, client_modify_date: iso(ms) },
          { 'X-Base-Modify-Date': article.client_modify_date },
        );
      const results = await Promise.all([save('Tab A', Date.now() - 5000), save('Tab B', Date.now() - 4000)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200);
      const loser = results.find((r) => r.status === 409);
      expect(loser?.body.article.content).toBe(winner?.body.content);
      expect((await stored(article.id)).content).toBe(winner?.body.content);
    });

    it('keeps a script in the title as text: stored as typed, escaped on the page', async () => {
      const article = await create();
      const title = '<script>alert("t")</script> & more';
      const res = await send(annTab, 'patch', `/api/articles/${article.id}/`, { title, visibility: 'public' });
      expect(res.body.title).toBe(title);
      // Published: named from its title (tests/http/readableSlugs.test.ts).
      expect(res.body.slug).toBe('script-alert-t-script-more');
      const page = await request(app).get(`/article/${res.body.slug}/`).expect(200);
      expect(page.text).not.toContain('<script>alert("t")');
      expect(page.text).toContain('&lt;script&gt;');
    });

    it("404 for another author's article, changing nothing; 403 signed out and without CSRF", async () => {
      const article = await create({ title: 'Untouched' });
      const other = await send(benTab, 'patch', `/api/articles/${article.id}/`, { title: 'Hijacked', visibility: 'public' });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ detail: 'Not found.' });
      expect((await annTab.agent.patch(`/api/articles/${article.id}/`).send({ title: 'No token' })).status).toBe(403);
      expect((await request(app).patch(`/api/articles/${article.id}/`).send({ title: 'Nobody' })).status).toBe(403);
      const row = await stored(article.id);
      expect(row.title).toBe('Untouched');
      expect(row.visibility).toBe('private');
    });

    it('answers 400 field errors to wrong types, changing nothing', async () => {
      const article = await create({ title: 'Kept' });
      for (const [body, field] of [
        [{ visibility: 'everyone' }, 'visibility'],
        [{ tags: 'one' }, 'tags'],
        [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
        [{ tags: ['x'.repeat(21)] }, 'tags.0'],
        [{ tags: ['  '] }, 'tags.0'],
        [{ title: null }, 'title'],
        [{ word_count: 1e12 }, 'word_count'],
      ] as const) {
        const res = await send(annTab, 'patch', `/api/articles/${article.id}/`, { title: 'Changed', ...body });
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(Object.keys(res.body)).toContain(field);
      }
      expect((await stored(article.id)).title).toBe('Kept');
    });

    it('publishes, unpublishes and tags; moderation stays as it is', async () => {
      const article = await create({ title: 'To publish' });
      const published = await send(annTab, 'patch', `/api/articles/${article.id}/`, { visibility: 'public', tags: [' walking ', 'Walking', 'notes', 'notes'] });
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ visibility: 'public', tags: ['walking', 'notes'], shared_marks: ['public'] });
      // Publishing alone does not move the edit version the editor's copy is based on.
      expect(published.body.client_modify_date).toBe(article.client_modify_date);
      expect((await request(app).get(`/api/article/${article.slug}/`)).status).toBe(200);

      await db.updateTable('articles').set({ moderation: 'banned' }).where('id', '=', article.id).execute();
      const edited = await send(annTab, 'patch', `/api/articles/${article.id}/`, { title: 'Still mine to edit', visibility: 'private' });
      expect(edited.status).toBe(200);
      await send(annTab, 'patch', `/api/articles/${article.id}/`, { visibility: 'public' });
      expect((await stored(article.id)).moderation).toBe('banned');
      expect((await request(app).get(`/api/article/${article.slug}/`)).body).toEqual({ detail: 'Article Banned' });

      const untagged = await send(annTab, 'patch', `/api/articles/${article.id}/`, { tags: [] });
      expect(untagged.body.tags).toEqual([]);
      // An empty save changes nothing, not even the modified time.
      const before = await stored(article.id);
      const empty = await send(annTab, 'patch', `/api/articles/${article.id}/`, { id: article.id });
      expect(empty.status).toBe(200);
      expect((await stored(article.id)).modified_at).toBe(before.modified_at);
    });

    it('drops the cached public page of the article after a save', async () => {
      const article = await create({ title: 'Cached title', content: '<p>First body</p>' });
      const published = await send(annTab, 'patch', `/api/articles/${article.id}/`, { visibility: 'public' });
      const path = `/article/${published.body.slug}/`;
      expect((await request(app).get(path)).text).toContain('First body');
      expect(await eventually(async () => (await request(app).get(path)).headers['x-cache'] === 'hit', 3000)).toBe(true);
      const saved = await send(annTab, 'patch', `/api/articles/${article.id}/`, { content: '<p>Second body</p>', client_modify_date: iso(Date.now()) });
      expect(saved.status).toBe(200);
      expect(await eventually(async () => (await request(app).get(path)).text.includes('Second body'), 3000)).toBe(true);
    });
  });

  describe('DELETE and restore', () => {
    it('moves a live article to the trash, then deletes it for good; restore brings it back', async () => {
      const article = await create({ title: 'Trash me' });
      const wrong = await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${encodeURIComponent(iso(Date.now() - 999_999))}`);
      expect(wrong.status).toBe(409);
      expect(wrong.body).toEqual({ detail: 'Conflict' });
      expect((await stored(article.id)).trashed).toBe(0);
      for (const query of ['', '?client_modify_date=soon']) {
        expect((await send(annTab, 'delete', `/api/articles/${article.id}/${query}`)).status).toBe(400);
      }
      const at = encodeURIComponent(article.client_modify_date);
      expect((await send(benTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`)).status).toBe(404);
      expect((await annTab.agent.delete(`/api/articles/${article.id}/?client_modify_date=${at}`)).status).toBe(403);

      expect((await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`)).status).toBe(204);
      expect((await stored(article.id)).trashed).toBe(1);
      expect((await annTab.get(`/api/articles/${article.id}/`)).body.trashed).toBe(true);

      expect((await send(benTab, 'post', `/api/articles/${article.id}/restore/`)).status).toBe(404);
      expect((await annTab.agent.post(`/api/articles/${article.id}/restore/`)).status).toBe(403);
      expect((await request(app).post(`/api/articles/${article.id}/restore/`)).status).toBe(403);
      expect((await stored(article.id)).trashed).toBe(1);
      const restored = await send(annTab, 'post', `/api/articles/${article.id}/restore/`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ id: article.id, trashed: false });

      expect((await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`)).status).toBe(204);
      expect((await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`)).status).toBe(204);
      expect(await db.selectFrom('articles').select('id').where('id', '=', article.id).executeTakeFirst()).toBeUndefined();
      expect((await annTab.get(`/api/articles/${article.id}/`)).status).toBe(404);
    });

    it('takes an article deleted for good out of its booklets and its tags and links with it', async () => {
      const article = await create({ title: 'Chapter' });
      await send(annTab, 'patch', `/api/articles/${article.id}/`, { tags: ['a'] });
      await send(annTab, 'post', `/api/articles/${article.id}/share_codes/`);
      const { id: bookletId } = await db
        .insertInto('booklets')
        .values({
          slug: `bk-${article.id}`,
          owner_id: ann.id,
          name: 'B',
          heading: '',
          description: '',
          cover_url: '',
          price_cents: 0,
          currency: 'CNY',
          trashed: 0,
          created_at: Date.now(),
          modified_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('booklet_items')
        .values({
          booklet_id: Number(bookletId),
          parent_id: null,
          type: 'article',
          article_id: article.id,
          slug: 'ch',
          title: '',
          order: 1,
          sales_mode: 'free',
        })
        .execute();
      const marks = (await annTab.get(`/api/articles/${article.id}/`)).body.shared_marks;
      expect(marks).toEqual(['share_link', 'booklet']);
      await db.updateTable('booklets').set({ trashed: 1 }).where('id', '=', Number(bookletId)).execute();
      expect((await annTab.get(`/api/articles/${article.id}/`)).body.shared_marks).toEqual(['share_link']);
      const current = (await annTab.get(`/api/articles/${article.id}/`)).body.client_modify_date as string;
      const at = encodeURIComponent(current);
      await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`).expect(204);
      const keys = await db.selectFrom('content_changes').select('key').where('key', '=', `booklet:bk-${article.id}`).execute();
      expect(keys.length).toBeGreaterThan(0);
      await send(annTab, 'delete', `/api/articles/${article.id}/?client_modify_date=${at}`).expect(204);
      const count = async (table: 'booklet_items' | 'article_tags' | 'article_share_codes') =>
        (await db.selectFrom(table).select('article_id').where('article_id', '=', article.id).execute()).length;
      expect([await count('booklet_items'), await count('article_tags'), await count('article_share_codes')]).toEqual([0, 0, 0]);
    });
  });

  describe('GET /api/v2/articles/', () => {
    it('lists the own articles newest first, with fields, trash, pages and shared marks', async () => {
      const zed = await createPerson(database, 'zed');
      const zedTab = await signedIn('zed');
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(await writeArticle(database, zed.id, `zed-${i}`, { modified_at: 1_000_000 + i, visibility: i === 0 ? 'public' : 'private' }));
      await writeArticle(database, zed.id, 'zed-trashed', { trashed: 1 });
      await writeArticle(database, ben.id, 'not-zeds');
      const shared = await send(zedTab, 'post', `/api/articles/${ids[1]}/share_codes/`);
      expect(shared.status).toBe(201);

      const first = await zedTab.get('/api/v2/articles/?page_size=2');
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(5);
      expect(first.body.results.map((a: { slug: string }) => a.slug)).toEqual(['zed-4', 'zed-3']);
      expect(Object.keys(first.body.results[0]).sort()).toEqual(['cover_url', 'description', 'id', 'modified', 'shared_marks', 'slug', 'title']);
      expect(first.body.next).toMatch(/page=2/);
      expect(first.body.previous).toBeNull();
      const last = await zedTab.get('/api/v2/articles/?page=3&page_size=2&fields=id,slug,shared_marks&trash=false');
      expect(last.body.results).toEqual([{ id: ids[0], slug: 'zed-0', shared_marks: ['public'] }]);
      const second = await zedTab.get('/api/v2/articles/?page=2&page_size=2&fields=slug,shared_marks&trash=0');
      expect(second.body.results).toEqual([
        { slug: 'zed-2', shared_marks: [] },
        { slug: 'zed-1', shared_marks: ['share_link'] },
      ]);
      for (const trash of ['true', '1']) {
        const trashList = await zedTab.get(`/api/v2/articles/?trash=${trash}&fields=slug`);
        expect(trashList.body).toMatchObject({ count: 1, results: [{ slug: 'zed-trashed' }] });
      }
      for (const bad of ['trash=maybe', 'page_size=51', 'page=0', 'fields=id,password_hash', 'page_size=abc']) {
        expect((await zedTab.get(`/api/v2/articles/?${bad}`)).status, bad).toBe(400);
      }
      expect((await request(app).get('/api/v2/articles/')).status).toBe(403);
      // The public list is still there.
      expect((await request(app).get('/api/v2/articles/public/')).status).toBe(200);
    });
  });

  describe('share codes', () => {
    it('creates, lists and revokes links that open the private article', async () => {
      const article = await create({ title: 'Shared draft', content: '<p>Only with the link</p>' });
      const created = await send(annTab, 'post', `/api/articles/${article.id}/share_codes/`);
      expect(created.status).toBe(201);
      const { code, url } = created.body as { code: string; url: string };
      expect(url).toBe(`${ORIGIN}/article/${article.slug}?share=${code}`);
      expect((await annTab.get(`/api/articles/${article.id}/share_codes/`)).body).toEqual([created.body]);
      const read = () => request(app).get(`/api/article/${article.slug}/`).set('X-Share-Code', code);
      expect((await read()).body.content).toContain('Only with the link');
      expect((await benTab.get(`/api/articles/${article.id}/share_codes/`)).status).toBe(404);
      expect((await send(benTab, 'post', `/api/articles/${article.id}/share_codes/`)).status).toBe(404);
      expect((await send(benTab, 'delete', `/api/articles/${article.id}/share_codes/${code}/`)).status).toBe(404);
      expect((await annTab.agent.delete(`/api/articles/${article.id}/share_codes/${code}/`)).status).toBe(403);
      expect((await read()).status).toBe(200);

      expect((await send(annTab, 'delete', `/api/articles/${article.id}/share_codes/${code}/`)).status).toBe(204);
      expect((await read()).body).toEqual({ detail: 'Does Not Exist' });
      expect((await annTab.get(`/api/articles/${article.id}/share_codes/`)).body).toEqual([]);
      expect((await send(annTab, 'delete', `/api/articles/${article.id}/share_codes/${code}/`)).status).toBe(404);
      expect((await send(annTab, 'delete', `/api/articles/${article.id}/share_codes/%3Cscript%3E/`)).status).toBe(404);
    });
  });

  describe('fonts and colours', () => {
    it('lists them without sign-in, default first, and serves the web fonts', async () => {
      const fonts = await request(app).get('/api/fonts/').expect(200);
      expect(fonts.body[0]).toEqual({ font_name: 'PingFangSC-Light', web_font_url: '', local_font_name: 'PingFangSC-Light' });
      expect(fonts.body.length).toBeGreaterThanOrEqual(5);
      for (const font of fonts.body.slice(1) as { font_name: string; web_font_url: string }[]) {
        const css = await request(app).get(font.web_font_url);
        expect(css.status, font.web_font_url).toBe(200);
        expect(css.headers['content-type']).toMatch(/text\/css/);
        expect(css.text).toContain(`font-family: '${font.font_name}'`);
        const file = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(css.text)?.[1];
        const woff2 = await request(app).get(new URL(file ?? 'missing', `http://x${font.web_font_url}`).pathname);
        expect(woff2.status).toBe(200);
        expect(woff2.headers['content-type']).toBe('font/woff2');
        expect(woff2.headers['cache-control']).toMatch(/max-age=2592000/);
      }
      for (const path of ['/fonts/lora/package.json', '/fonts/lora/../../package.json', '/fonts/left-pad/index.css', '/fonts/lora/files/nope.woff2']) {
        expect((await request(app).get(path)).status, path).toBe(404);
      }
      const colors = await request(app).get('/api/colors/').expect(200);
      expect(colors.body[0]).toEqual({ color_value: '#000000' });
      expect(colors.body.length).toBe(12);
    });
  });

  async function countArticles(): Promise<number> {
    return (await db.selectFrom('articles').select('id').execute()).length;
  }
});

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}
