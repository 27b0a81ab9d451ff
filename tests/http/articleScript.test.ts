import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { RootSnapshot } from '../../client/stores/RootStore';
import type { ArticleDetail, BookletItemDetail } from '../../shared/entities';
import { chapterPath } from '../../shared/seoMeta';
import { createBooklet } from '../../server/content/createBooklet';
import { contentChanged } from '../../server/content/changes';
import { ARTICLE_HTML_RULES, sanitizeArticleHtml } from '../../server/content/sanitize';
import type { Database } from '../../server/db/connection';
import { writeArticle, writtenAgo } from '../support/articles';
import { createPerson } from '../support/people';
import { jsonBlock, testApp } from '../support/testApp';

/**
 * Decision 038: a Chinese article read in the other script. The reader's `zine_script` cookie
 * asks; the article read (API and server render) converts title, description and text nodes;
 * the stored article never changes; the render cache keeps one page per script.
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HANT = 'zine_script=hant';
const HANS = 'zine_script=hans';
/** Chinese in a link's query and title and in an image's alt: attributes, never converted. */
const LINK = '<a href="https://example.cn/search?q=头发&amp;x=发" title="头发">这个链接</a>';
const IMAGE = '<img src="/images/demo/biscuit-tin.svg" alt="铁皮饼干盒" width="10" height="10" />';

/** An article stored as a save stores it: cleaned by today's rules (so a read never writes it back). */
function writeChinese(database: Database, authorId: number, slug: string, language: string, title: string, description: string, html: string) {
  return writeArticle(database, authorId, slug, {
    title,
    description,
    content: sanitizeArticleHtml(html),
    content_rules: ARTICLE_HTML_RULES,
    language,
    word_count: html.length,
    ...writtenAgo(3600_000),
  });
}

async function storedRow(database: Database, slug: string) {
  return database.db
    .selectFrom('articles')
    .select(['title', 'description', 'content', 'language', 'modified_at', 'content_rules'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
}

const apiRead = (app: Parameters<typeof request>[0], slug: string, cookie?: string) => {
  const call = request(app).get(`/api/article/${slug}/`);
  return cookie ? call.set('Cookie', cookie) : call;
};

const pageRead = (app: Parameters<typeof request>[0], path: string, cookie?: string) => {
  const call = request(app).get(path).set('User-Agent', CHROME);
  return cookie ? call.set('Cookie', cookie) : call;
};

describe('reading an article in the other script', async () => {
  const { app, database } = await testApp();
  const lin = await createPerson(database, 'lin');
  await writeChinese(
    database,
    lin.id,
    'grandmother',
    'zh-CN',
    '外婆留下的东西',
    '一个铁皮饼干盒里，装着一个人的半生。',
    `<p>头发湿了，我发现了${LINK}。</p><p>${IMAGE}</p>`,
  );
  await writeChinese(
    database,
    lin.id,
    'night-market',
    'zh-TW',
    '畫夜市的那些晚上',
    '在人聲和油煙裡，練習快速地看見。',
    '<p>每個星期四，我帶著一本小速寫本去寧夏夜市。</p>',
  );
  await writeArticle(database, lin.id, 'in-english', {
    title: 'Hair 头发',
    description: 'English 发现',
    content: '<p>Mostly English, 头发 once.</p>',
    language: 'en',
  });

  it('converts a Simplified article into Traditional for a hant reader: title, description, text; never tags or attributes', async () => {
    const res = await apiRead(app, 'grandmother', HANT);
    expect(res.status).toBe(200);
    const article = res.body as ArticleDetail;
    expect(article.script).toBe('hant');
    expect(article.language).toBe('zh-CN');
    expect(article.title).toBe('外婆留下的東西');
    expect(article.description).toBe('一個鐵皮餅乾盒裡，裝著一個人的半生。');
    expect(article.content).toContain('<p>頭髮溼了，我發現了<a ');
    expect(article.content).toContain('>這個鏈接</a>。</p>');
    expect(article.content).toContain('href="https://example.cn/search?q=头发&amp;x=发"');
    expect(article.content).toContain('title="头发"');
    expect(article.content).toContain('alt="铁皮饼干盒"');
    expect(article.content).not.toMatch(/头发湿|这个链接/);
    // The answer depends on the cookie: caches must keep the two apart.
    expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('reads it as written without the cookie, with hans (its own script), or with a value it does not know', async () => {
    const stored = await storedRow(database, 'grandmother');
    for (const cookie of [undefined, HANS, 'zine_script=klingon', `csrftoken=${'a'.repeat(32)}`]) {
      const article = (await apiRead(app, 'grandmother', cookie)).body as ArticleDetail;
      expect(article.script, cookie).toBeNull();
      expect(article.title).toBe(stored.title);
      expect(article.content).toBe(stored.content);
    }
  });

  it('converts a Traditional article into Simplified for a hans reader', async () => {
    const article = (await apiRead(app, 'night-market', HANS)).body as ArticleDetail;
    expect(article).toMatchObject({
      script: 'hans',
      language: 'zh-TW',
      title: '画夜市的那些晚上',
      description: '在人声和油烟里，练习快速地看见。',
      content: '<p>每个星期四，我带着一本小速写本去宁夏夜市。</p>',
    });
    expect(((await apiRead(app, 'night-market', HANT)).body as ArticleDetail).title).toBe('畫夜市的那些晚上');
  });

  it('leaves an English article as it is, whatever the cookie', async () => {
    for (const cookie of [HANT, HANS]) {
      const article = (await apiRead(app, 'in-english', cookie)).body as ArticleDetail;
      expect(article).toMatchObject({ script: null, title: 'Hair 头发', description: 'English 发现', content: '<p>Mostly English, 头发 once.</p>' });
    }
  });

  it('never changes the stored article', async () => {
    const before = await Promise.all([storedRow(database, 'grandmother'), storedRow(database, 'night-market')]);
    await apiRead(app, 'grandmother', HANT);
    await apiRead(app, 'night-market', HANS);
    await pageRead(app, '/article/grandmother/?__lang=zh-TW', HANT);
    expect(await Promise.all([storedRow(database, 'grandmother'), storedRow(database, 'night-market')])).toEqual(before);
  });

  it('renders the page converted on the server, with the note, the switch back, and the state the browser hydrates', async () => {
    const res = await pageRead(app, '/article/grandmother/', HANT);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>外婆留下的東西');
    expect(res.text).toContain('<h1 class="article__title">外婆留下的東西</h1>');
    expect(res.text).toMatch(/<main class="article[^"]*" lang="zh-TW">/);
    expect(res.text).toContain('頭髮溼了，我發現了');
    expect(res.text).toContain('href="https://example.cn/search?q=头发&amp;x=发"');
    expect(res.text).toContain('Converted from Simplified Chinese');
    expect(res.text).toContain('>Read in Simplified Chinese</button>');
    const state = jsonBlock(res.text, '__STATE__') as RootSnapshot;
    expect(state.article.current?.script).toBe('hant');
    expect(state.article.current?.title).toBe('外婆留下的東西');

    const original = await pageRead(app, '/article/grandmother/');
    expect(original.text).toContain('<h1 class="article__title">外婆留下的东西</h1>');
    expect(original.text).toMatch(/<main class="article[^"]*" lang="zh-CN">/);
    expect(original.text).not.toContain('Converted from');
    expect(original.text).toContain('>Read in Traditional Chinese</button>');
    // In the reader's interface language.
    const zhTw = await pageRead(app, '/article/night-market/?__lang=zh-TW', HANS);
    expect(zhTw.text).toContain('由繁體中文轉換');
    expect(zhTw.text).toContain('>以繁體中文閱讀</button>');
    expect(zhTw.text).toContain('<h1 class="article__title">画夜市的那些晚上</h1>');
  });

  it('offers no switch on an English article', async () => {
    const res = await pageRead(app, '/article/in-english/', HANT);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('article__script');
  });

  it('converts a booklet chapter too, in the API and on its page', async () => {
    await createBooklet(
      database.db,
      {
        slug: 'family-things',
        ownerId: lin.id,
        name: '家里的东西',
        items: [{ type: 'article', articleId: (await storedId(database, 'grandmother')) ?? 0, slug: 'tin' }],
      },
      Date.now(),
    );
    const res = await request(app).get('/api/booklets/family-things/item/tin/').set('Cookie', HANT);
    expect(res.status).toBe(200);
    expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    const item = res.body as BookletItemDetail;
    expect(item.title).toBe('外婆留下的東西');
    expect(item.detail?.script).toBe('hant');
    expect(item.detail?.content).toContain('頭髮溼了');
    const page = await pageRead(app, chapterPath('family-things', 'tin'), HANT);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 class="article__title">外婆留下的東西</h1>');
    expect(page.text).toContain('Converted from Simplified Chinese');
    const original = (await request(app).get('/api/booklets/family-things/item/tin/')).body as BookletItemDetail;
    expect(original.title).toBe('外婆留下的东西');
    expect(original.detail?.script).toBeNull();
  });
});

async function storedId(database: Database, slug: string): Promise<number | undefined> {
  const row = await database.db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

describe('the render cache and the reading script', async () => {
  // One origin for every request (else each test server's port would be part of the key).
  const { app, database } = await testApp({ config: { publicOrigin: 'http://zine.test' } });
  const lin = await createPerson(database, 'lin');
  await writeChinese(database, lin.id, 'grandmother', 'zh-CN', '外婆留下的东西', '铁皮饼干盒', '<p>头发湿了，我发现了。</p>');
  await writeChinese(database, lin.id, 'night-market', 'zh-TW', '畫夜市的那些晚上', '夜市的燈', '<p>每個星期四，我帶著一本小速寫本去寧夏夜市。</p>');
  const title = (html: string) => /<h1 class="article__title">([^<]*)<\/h1>/.exec(html)?.[1];

  it('keeps a Simplified article’s Traditional page apart from its original, both ways', async () => {
    const original = await pageRead(app, '/article/grandmother/');
    expect(original.headers['x-cache']).toBe('miss');
    expect(title(original.text)).toBe('外婆留下的东西');
    // The original is held: a hant reader still gets a render of their own, never the original.
    const converted = await pageRead(app, '/article/grandmother/', HANT);
    expect(converted.headers['x-cache']).toBe('miss');
    expect(title(converted.text)).toBe('外婆留下的東西');
    // Each from the cache now, to its own reader (the hits answered before Express).
    const convertedHit = await pageRead(app, '/article/grandmother/', `${HANT}; csrftoken=${'a'.repeat(32)}`);
    expect(convertedHit.headers['x-cache']).toBe('hit');
    expect(convertedHit.text).toBe(converted.text);
    const originalHit = await pageRead(app, '/article/grandmother/');
    expect(originalHit.headers['x-cache']).toBe('hit');
    expect(originalHit.text).toBe(original.text);
    // A value it does not know is no choice: the original.
    const unknown = await pageRead(app, '/article/grandmother/', 'zine_script=hanz');
    expect(unknown.headers['x-cache']).toBe('hit');
    expect(title(unknown.text)).toBe('外婆留下的东西');
    // So is the article's own script (kept under its own key, as written).
    const own = await pageRead(app, '/article/grandmother/', HANS);
    expect(title(own.text)).toBe('外婆留下的东西');
  });

  it('keeps a Traditional article’s Simplified page apart from its original when the converted one is rendered first', async () => {
    const converted = await pageRead(app, '/article/night-market/', HANS);
    expect(converted.headers['x-cache']).toBe('miss');
    expect(title(converted.text)).toBe('画夜市的那些晚上');
    const original = await pageRead(app, '/article/night-market/');
    expect(original.headers['x-cache']).toBe('miss');
    expect(title(original.text)).toBe('畫夜市的那些晚上');
    expect((await pageRead(app, '/article/night-market/', HANS)).text).toBe(converted.text);
    const originalHit = await pageRead(app, '/article/night-market/');
    expect(originalHit.headers['x-cache']).toBe('hit');
    expect(title(originalHit.text)).toBe('畫夜市的那些晚上');
  });

  it('drops every script’s page when the article changes', async () => {
    expect((await pageRead(app, '/article/grandmother/', HANT)).headers['x-cache']).toBe('hit');
    await database.db.updateTable('articles').set({ title: '外婆的饼干盒', modified_at: Date.now() }).where('slug', '=', 'grandmother').execute();
    await contentChanged(database.db, ['article:grandmother'], Date.now());
    const fresh = await pageRead(app, '/article/grandmother/', HANT);
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(title(fresh.text)).toBe('外婆的餅乾盒');
    expect(title((await pageRead(app, '/article/grandmother/')).text)).toBe('外婆的饼干盒');
  });
});
