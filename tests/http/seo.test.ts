import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/api/accounts/users';
import type { Database } from '../../server/db/connection';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ORIGIN = 'https://zine.example';
const DAY = 24 * 3600 * 1000;
const XSS = '</script><script>alert(1)</script>"\'&';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function writeArticle(database: Database, authorId: number, slug: string, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  const [row] = await database.db
    .insertInto('articles')
    .values({
      slug,
      author_id: authorId,
      title: `Title of ${slug}`,
      description: `About ${slug}`,
      cover_url: '',
      content: `<p>Body of ${slug}.</p>`,
      theme: 'default',
      style: '',
      word_count: 15,
      language: 'en',
      client_modify_date: now,
      visibility: 'public',
      moderation: 'none',
      trashed: 0,
      created_at: Date.parse('2026-01-01T08:00:00Z'),
      modified_at: Date.parse('2026-01-02T09:30:00Z'),
      ...overrides,
    })
    .returning('id')
    .execute();
  return Number(row?.id);
}

/** The head of a page, before React's markup. */
function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function unescapeHtml(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name] ?? '');
}

/** The content of `<meta name|property="key">`, unescaped, or null. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(headOf(html));
  return match?.[1] === undefined ? null : unescapeHtml(match[1]);
}

function linkHref(html: string, rel: string): string | null {
  const match = new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)">`).exec(headOf(html));
  return match?.[1] === undefined ? null : unescapeHtml(match[1]);
}

function jsonLdOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(headOf(html));
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

describe('search engines and sharing', async () => {
  const { app, database } = await testApp({ config: { publicOrigin: ORIGIN } });
  const users = new UserDirectory(database.db, Date.now);
  const ann = await createPerson(database, 'ann');
  await database.db.updateTable('users').set({ description: 'Writes about <b>things</b>', avatar: '/media/ann.webp' }).where('id', '=', ann.id).execute();
  const expired = await createPerson(database, 'exp');
  await users.setMembership(expired.email, 'vip', Date.now() - DAY);
  const banned = await createPerson(database, 'gone', { status: 'banned' });
  const inactive = await createPerson(database, 'ina', { status: 'inactive' });
  await createPerson(database, 'quiet');

  await writeArticle(database, ann.id, 'open-letter', {
    title: 'An open letter',
    description: 'Why we write',
    cover_url: 'https://media.example/cover.webp',
    content: '<h2>Dear reader</h2><p>The whole body of the open letter.</p>',
    language: 'zh-TW',
  });
  await writeArticle(database, ann.id, 'no-summary', { description: '', content: '<p>First words &amp; more of the body.</p>' });
  await writeArticle(database, ann.id, 'evil', { title: `Evil ${XSS}`, description: `Desc ${XSS}` });
  await writeArticle(database, ann.id, 'my-secret', { visibility: 'private', content: '<p>SECRET-BODY</p>' });
  await writeArticle(database, ann.id, 'thrown-away', { trashed: 1, content: '<p>TRASHED-BODY</p>' });
  await writeArticle(database, ann.id, 'banned-one', { moderation: 'banned', content: '<p>BANNED-BODY</p>' });
  await writeArticle(database, expired.id, 'lapsed', { content: '<p>EXPIRED-BODY</p>' });
  await writeArticle(database, banned.id, 'by-banned', { content: '<p>BANNED-AUTHOR-BODY</p>' });
  await writeArticle(database, inactive.id, 'by-inactive', { content: '<p>INACTIVE-AUTHOR-BODY</p>' });

  describe('the head of an article page', () => {
    it('has its title, description, canonical URL, OpenGraph and Twitter card', async () => {
      const res = await request(app).get('/article/open-letter').expect(200);
      const head = headOf(res.text);
      expect(head).toContain('<title>An open letter - Zine</title>');
      expect(metaContent(res.text, 'description')).toBe('Why we write');
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(metaContent(res.text, 'robots')).toBeNull();
      expect(metaContent(res.text, 'og:title')).toBe('An open letter');
      expect(metaContent(res.text, 'og:description')).toBe('Why we write');
      expect(metaContent(res.text, 'og:url')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(metaContent(res.text, 'og:type')).toBe('article');
      expect(metaContent(res.text, 'og:image')).toBe('https://media.example/cover.webp');
      expect(metaContent(res.text, 'og:site_name')).toBe('Zine');
      expect(metaContent(res.text, 'og:locale')).toBe('zh_TW');
      expect(metaContent(res.text, 'article:published_time')).toBe('2026-01-01T08:00:00.000Z');
      expect(metaContent(res.text, 'article:modified_time')).toBe('2026-01-02T09:30:00.000Z');
      expect(metaContent(res.text, 'article:author')).toBe(`${ORIGIN}/@ann/`);
      expect(metaContent(res.text, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(res.text, 'twitter:title')).toBe('An open letter');
      expect(metaContent(res.text, 'twitter:description')).toBe('Why we write');
      expect(metaContent(res.text, 'twitter:image')).toBe('https://media.example/cover.webp');
    });

    it('describes the article in JSON-LD: schema.org Article with author, publisher and page', async () => {
      const res = await request(app).get('/article/open-letter/').expect(200);
      expect(jsonLdOf(res.text)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'An open letter',
        description: 'Why we write',
        image: ['https://media.example/cover.webp'],
        datePublished: '2026-01-01T08:00:00.000Z',
        dateModified: '2026-01-02T09:30:00.000Z',
        author: { '@type': 'Person', name: 'ann', url: `${ORIGIN}/@ann/`, image: `${ORIGIN}/media/ann.webp` },
        publisher: { '@type': 'Organization', name: 'Zine', url: `${ORIGIN}/`, logo: { '@type': 'ImageObject', url: `${ORIGIN}/favicon.svg` } },
        inLanguage: 'zh-TW',
        url: `${ORIGIN}/article/open-letter/`,
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/article/open-letter/` },
      });
    });

    it('takes the description from the opening of the body when the article has none, and a summary card without a cover', async () => {
      const res = await request(app).get('/article/no-summary/').expect(200);
      expect(metaContent(res.text, 'description')).toBe('First words & more of the body.');
      expect(metaContent(res.text, 'twitter:card')).toBe('summary');
      expect(metaContent(res.text, 'og:image')).toBeNull();
    });

    it('escapes a title and description with <script> in every tag', async () => {
      const res = await request(app).get('/article/evil/').expect(200);
      const head = headOf(res.text);
      expect(head).not.toContain('<script>alert(1)');
      expect(head).toContain('<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp; - Zine</title>');
      for (const key of ['og:title', 'twitter:title']) expect(metaContent(res.text, key)).toBe(`Evil ${XSS}`);
      for (const key of ['description', 'og:description', 'twitter:description']) expect(metaContent(res.text, key)).toBe(`Desc ${XSS}`);
      const raw = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)?.[1] ?? '';
      expect(raw).not.toMatch(/[<>]/);
      expect(jsonLdOf(res.text)).toMatchObject({ headline: `Evil ${XSS}`, description: `Desc ${XSS}` });
    });

    it('is not indexed when opened with a share code or a token', async () => {
      const res = await request(app).get('/article/open-letter/?share=abc').expect(200);
      expect(metaContent(res.text, 'robots')).toBe('noindex');
      expect(linkHref(res.text, 'canonical')).toBeNull();
      expect(jsonLdOf(res.text)).toBeNull();
      expect(metaContent(res.text, 'og:url')).toBe(`${ORIGIN}/article/open-letter/`);
    });

    it('says nothing of a private, trashed or banned article: error title, noindex, no description of it', async () => {
      for (const [slug, status, body] of [['my-secret', 403, 'SECRET'], ['thrown-away', 404, 'TRASHED'], ['banned-one', 403, 'BANNED']] as const) {
        const res = await request(app).get(`/article/${slug}/`).set('User-Agent', GOOGLEBOT).expect(status);
        expect(metaContent(res.text, 'robots')).toBe('noindex');
        expect(linkHref(res.text, 'canonical')).toBeNull();
        expect(jsonLdOf(res.text)).toBeNull();
        expect(res.text).not.toContain(`Title of ${slug}`);
        expect(res.text).not.toContain(`About ${slug}`);
        expect(res.text).not.toContain(body);
      }
    });

    it('gives a crawler the complete page: the body in the HTML, no streaming script', async () => {
      const res = await request(app).get('/article/open-letter/').set('User-Agent', GOOGLEBOT).expect(200);
      expect(res.text).toContain('The whole body of the open letter.');
      expect(res.text).not.toMatch(/<script(?! type="(application\/json|application\/ld\+json|module)")/);
      expect(res.text.trimEnd().endsWith('</div></body></html>')).toBe(true);
    });
  });

  describe('other pages', () => {
    it('describes a column as a profile page with its RSS feed', async () => {
      const res = await request(app).get('/@ann').expect(200);
      expect(res.text).toContain('<title>ann&#39;s column - Zine</title>');
      expect(metaContent(res.text, 'description')).toBe('Writes about <b>things</b>');
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/@ann/`);
      expect(metaContent(res.text, 'og:type')).toBe('profile');
      expect(metaContent(res.text, 'og:image')).toBe(`${ORIGIN}/media/ann.webp`);
      expect(headOf(res.text)).toContain(`<link rel="alternate" type="application/rss+xml" title="ann&#39;s articles (RSS)" href="${ORIGIN}/@ann/feed.xml">`);
      expect(jsonLdOf(res.text)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: `${ORIGIN}/@ann/`,
        mainEntity: { '@type': 'Person', name: 'ann', url: `${ORIGIN}/@ann/`, image: `${ORIGIN}/media/ann.webp`, description: 'Writes about <b>things</b>' },
      });
      const tab = await request(app).get('/@ann/collections').expect(200);
      expect(linkHref(tab.text, 'canonical')).toBe(`${ORIGIN}/@ann/collections/`);
    });

    it('describes the home and discovery pages as the website, in the reader’s language', async () => {
      const home = await request(app).get('/').set('Accept-Language', 'zh-CN').expect(200);
      expect(linkHref(home.text, 'canonical')).toBe(`${ORIGIN}/`);
      expect(metaContent(home.text, 'og:type')).toBe('website');
      expect(metaContent(home.text, 'og:locale')).toBe('zh_CN');
      expect(metaContent(home.text, 'twitter:card')).toBe('summary');
      expect(jsonLdOf(home.text)).toMatchObject({ '@type': 'WebSite', name: 'Zine', url: `${ORIGIN}/`, inLanguage: 'zh-CN' });
      const found = await request(app).get('/found').expect(200);
      expect(linkHref(found.text, 'canonical')).toBe(`${ORIGIN}/found/`);
      expect(metaContent(found.text, 'description')).toBe('Public articles from every author.');
      expect(jsonLdOf(found.text)).toMatchObject({ '@type': 'WebSite' });
    });

    it('gives a static page its canonical URL and a WebPage description', async () => {
      const res = await request(app).get('/page/privacy/policy?utm_source=x').expect(200);
      expect(res.text).toContain('<title>Privacy Policy - Zine</title>');
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/page/privacy/policy/`);
      expect(jsonLdOf(res.text)).toMatchObject({ '@type': 'WebPage', name: 'Privacy Policy - Zine' });
    });

    it.each(['/sign/in', '/article/open-letter/review', '/accounts/reset/some-token', '/redeem/CODE', '/no/such/page', '/@nobody-here/'])(
      'marks %s noindex, without canonical or JSON-LD',
      async (path) => {
        const res = await request(app).get(path);
        expect([200, 404]).toContain(res.status);
        expect(metaContent(res.text, 'robots')).toBe('noindex');
        expect(linkHref(res.text, 'canonical')).toBeNull();
        expect(jsonLdOf(res.text)).toBeNull();
      },
    );

    it('marks the signed-in pages noindex', async () => {
      const visitor = new Visitor(app);
      await visitor.signIn('ann@example.com', PASSWORD);
      for (const path of ['/editor', '/profile/wallet', '/profile/notification']) {
        const res = await visitor.get(path);
        expect(res.status).toBe(200);
        expect(metaContent(res.text, 'robots')).toBe('noindex');
      }
    });

    it('never takes the origin from a forged Host header when PUBLIC_ORIGIN is set', async () => {
      const res = await request(app).get('/article/open-letter/').set('Host', 'evil.example').expect(200);
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(res.text).not.toContain('evil.example');
    });
  });
});
