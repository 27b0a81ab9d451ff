import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import type { Database } from '../../server/db/connection';
import type { RootSnapshot } from '../../client/stores/RootStore';
import { writeArticle as writeArticleRow, writtenAgo, type ArticleOverrides } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const QQ_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.178.400 QQBrowser/11.0.5130.400';
const MINI_PROGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN miniProgram/wx1234';
const XSS = '<script>alert(1)</script>';

/** reader's articles: theme 2 in sage, with a sized image in the body, written an hour ago. */
function writeArticle(database: Database, authorId: number, slug: string, overrides: ArticleOverrides = {}): Promise<number> {
  const content = '<p>First.</p><p><img src="/images/demo/west-lake-rain.svg" alt="lake" width="1200" height="800"></p>';
  const defaults = { description: 'About it', content, theme: 'theme-2', style: 'sage', word_count: 15, ...writtenAgo(3600_000) };
  return writeArticleRow(database, authorId, slug, { ...defaults, ...overrides });
}

const noindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);

describe('the article page’s reading surface', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await writeArticle(database, ann.id, 'red-wall');
  await writeArticle(database, ann.id, 'odd-theme', { theme: '../../etc/passwd', style: 'x" onload="alert(1)' });

  it('links only the article’s theme stylesheet and sets its background class', async () => {
    const res = await request(app).get('/article/red-wall/').set('User-Agent', CHROME);
    expect(res.status).toBe(200);
    const themeLinks = res.text.match(/<link rel="stylesheet" href="\/themes\/[^"]+"/g) ?? [];
    expect(themeLinks).toEqual([expect.stringMatching(/href="\/themes\/theme-2\.css\?v=\w+"/)]);
    expect(res.text).toContain('class="article article--theme-2 article--bg-sage"');
    const css = await request(app).get('/themes/theme-2.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  it('falls back to the default theme and no background for unknown names', async () => {
    const res = await request(app).get('/article/odd-theme/').set('User-Agent', CHROME);
    expect(res.status).toBe(200);
    expect(res.text).toContain('class="article article--default"');
    expect(res.text).toMatch(/href="\/themes\/default\.css\?v=\w+"/);
    // The style name travels in the JSON state, escaped; the markup never carries it.
    const markup = res.text.replace(/<script type="application\/json" id="__STATE__">.*?<\/script>/s, '');
    expect(markup).not.toContain('onload');
  });

  it('sends body images with their size and lazy loading', async () => {
    const res = await request(app).get('/article/red-wall/').set('User-Agent', CHROME);
    expect(res.text).toContain('<img src="/images/demo/west-lake-rain.svg" alt="lake" width="1200" height="800" loading="lazy" decoding="async" />');
  });

  it('sends the body once: in the page, not again in the snapshot (decision 053)', async () => {
    const res = await request(app).get('/article/red-wall/').set('User-Agent', CHROME);
    const state = jsonBlock(res.text, '__STATE__') as RootSnapshot;
    expect(state.article.bodyInPage).toBe(true);
    expect(state.article.current?.content).toBe('');
    expect(state.article.current?.title).toBeTruthy();
    expect(res.text.match(/<div class="article__content" data-article-body="">/g)).toHaveLength(1);
    expect(res.text.split('<p>First.</p>')).toHaveLength(2);
  });

  it('allows the editor’s inline styles, but not style elements or foreign scripts, for a browser', async () => {
    const res = await request(app).get('/article/red-wall/').set('User-Agent', CHROME);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).not.toContain('res.wx.qq.com');
  });
});

describe('the mini program bridge’s script', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await writeArticle(database, ann.id, 'bridge');

  it('is allowed and announced only to pages inside the mini program', async () => {
    const inside = await request(app).get('/article/bridge/').set('User-Agent', MINI_PROGRAM);
    expect(inside.status).toBe(200);
    expect(String(inside.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/res\.wx\.qq\.com;/);
    const state = jsonBlock(inside.text, '__STATE__') as RootSnapshot;
    expect(state.env.wechatSdkUrl).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');

    const outside = await request(app).get('/article/bridge/').set('User-Agent', CHROME);
    expect(String(outside.headers['content-security-policy'])).not.toContain('res.wx.qq.com');
    expect((jsonBlock(outside.text, '__STATE__') as RootSnapshot).env.wechatSdkUrl).toBeUndefined();
  });
});

describe('the invalid-browser notice', async () => {
  const { app, database } = await testApp();

  it.each([
    ['Firefox', FIREFOX],
    ['QQ Browser', QQ_BROWSER],
  ])('is rendered on the server for %s, in the reader’s language', async (_name, ua) => {
    const en = await request(app).get('/').set('User-Agent', ua);
    expect(en.status).toBe(200);
    expect(en.text).toContain('class="browser-notice"');
    expect(en.text).toContain('Your browser may not show Zine correctly');
    expect((jsonBlock(en.text, '__STATE__') as RootSnapshot).env.clientType.unsupportedBrowser).toBe(true);
    const zh = await request(app).get('/?__lang=zh-CN').set('User-Agent', ua);
    expect(zh.text).toContain('你的浏览器可能无法正常显示Zine');
    const tw = await request(app).get('/?__lang=zh-TW').set('User-Agent', ua);
    expect(tw.text).toContain('你的瀏覽器可能無法正常顯示Zine');
  });

  it('is on the error screens too, with the progress line: their frame is the pages’ (client/components/SiteFrame.tsx)', async () => {
    const ann = await createPerson(database, 'ann');
    await writeArticle(database, ann.id, 'kept-private', { visibility: 'private' });
    for (const [path, status] of [
      ['/no/such/page/', 404],
      ['/article/kept-private/', 403],
    ] as const) {
      const res = await request(app).get(path).set('User-Agent', FIREFOX);
      expect(res.status, path).toBe(status);
      expect(res.text, path).toContain('class="error-page');
      expect(res.text, path).toContain('class="browser-notice"');
      expect(res.text, path).toContain('class="progress-line');
      expect((await request(app).get(path).set('User-Agent', CHROME)).text, path).not.toContain('browser-notice');
    }
  });

  it('is not rendered for Chrome, Safari, the mini program or a crawler', async () => {
    const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const bot = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
    for (const ua of [CHROME, safari, MINI_PROGRAM, bot]) {
      const res = await request(app).get('/').set('User-Agent', ua);
      expect(res.text).not.toContain('browser-notice');
    }
  });
});

describe('/article/{slug}/review', async () => {
  const { app, database } = await testApp();
  const users = new UserDirectory(database.db, Date.now);
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const operator = await createPerson(database, 'opal');
  await users.setRole(operator.email, 'operator');
  await writeArticle(database, ann.id, 'draft-one', { visibility: 'private', title: `Secret ${XSS}` });
  await writeArticle(database, ann.id, 'out-there');
  await writeArticle(database, ann.id, 'under-review', { moderation: 'suspended' });
  await writeArticle(database, ann.id, 'gone', { trashed: 1 });

  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };

  it('sends a signed-out visitor to sign in, and back after', async () => {
    const res = await request(app).get('/article/draft-one/review');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/sign/in/?next=%2Farticle%2Fdraft-one%2Freview');
  });

  it('shows the author a private article with a preview banner, escaped and marked noindex', async () => {
    const ann = await signedIn('ann');
    const res = await ann.get('/article/draft-one/review');
    expect(res.status).toBe(200);
    expect(noindex(res.text)).toBe(true);
    expect(res.text).toContain('class="review-banner review-banner--warning"');
    expect(res.text).toContain('Only you can read this article: it is private.');
    expect(res.text).toContain('Secret &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).not.toContain('Secret <script>');
    const state = jsonBlock(res.text, '__STATE__') as RootSnapshot;
    expect(state.article.current?.review_state).toBe('Private Article');
  });

  it('tells the author a public article is public, with a link to the reader’s page', async () => {
    const ann = await signedIn('ann');
    const res = await ann.get('/article/out-there/review');
    expect(res.status).toBe(200);
    expect(noindex(res.text)).toBe(true);
    expect(res.text).toContain('This is how readers see this article: it is public.');
    expect(res.text).toContain('href="/article/out-there/"');
  });

  it('shows an operator an article in review, with its state', async () => {
    const opal = await signedIn('opal');
    const res = await opal.get('/article/under-review/review');
    expect(res.status).toBe(200);
    expect(res.text).toContain('This article is in review');
  });

  it('gives another reader the article’s own error screen, or 403 when it is readable but not theirs', async () => {
    const ben = await signedIn('ben');
    const secret = await ben.get('/article/draft-one/review');
    expect(secret.status).toBe(403);
    expect(secret.text).toContain('The author made this article private again');
    expect(secret.text).not.toContain('Secret');
    expect(noindex(secret.text)).toBe(true);

    const review = await ben.get('/article/under-review/review');
    expect(review.status).toBe(403);
    expect(review.text).toContain('In Reviewing');

    const open = await ben.get('/article/out-there/review');
    expect(open.status).toBe(403);
    expect(open.text).toContain('permission to visit this page');
    expect(open.text).not.toContain('review-banner');
    expect(noindex(open.text)).toBe(true);
  });

  it('answers 404 for a deleted or unknown article, even to its author', async () => {
    const ann = await signedIn('ann');
    expect((await ann.get('/article/gone/review')).status).toBe(404);
    expect((await ann.get('/article/no-such-thing/review')).status).toBe(404);
    expect((await ann.get('/article/%3Cscript%3E/review')).status).toBe(404);
  });

  it('never gives the review state to other readers through the API', async () => {
    const anonymous = await request(app).get('/api/article/out-there/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toHaveProperty('review_state');
    const ben = await signedIn('ben');
    expect((await ben.get('/api/article/out-there/')).body).not.toHaveProperty('review_state');
    const ann = await signedIn('ann');
    expect((await ann.get('/api/article/out-there/')).body.review_state).toBeNull();
  });
});
