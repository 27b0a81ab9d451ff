import express from 'express';
import { Parser } from 'htmlparser2';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import type { Database } from '../../server/db/connection';
import { seoRoutes } from '../../server/web/seo';
import { writeArticle as writeArticleRow, type ArticleOverrides } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ORIGIN = 'https://zine.example';
const DAY = 24 * 3600 * 1000;
const XSS = '</script><script>alert(1)</script>"\'&';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** seo's articles: described, with a body of their own and fixed dates of writing. */
function writeArticle(database: Database, authorId: number, slug: string, overrides: ArticleOverrides = {}): Promise<number> {
  return writeArticleRow(database, authorId, slug, {
    description: `About ${slug}`,
    content: `<p>Body of ${slug}.</p>`,
    word_count: 15,
    created_at: Date.parse('2026-01-01T08:00:00Z'),
    modified_at: Date.parse('2026-01-02T09:30:00Z'),
    ...overrides,
  });
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

/** Every JSON-LD block of the head, in order. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...headOf(html).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);
}

/** The page's BreadcrumbList as name → address pairs, or null. */
function breadcrumbsOf(html: string): [string, string][] | null {
  const list = jsonLdBlocks(html).find((block) => block['@type'] === 'BreadcrumbList');
  if (!list) return null;
  const items = list.itemListElement as { position: number; name: string; item: string }[];
  expect(items.map((item) => item.position)).toEqual(items.map((_, i) => i + 1));
  return items.map((item) => [item.name, item.item]);
}

function jsonLdOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(headOf(html));
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Its own text and CDATA, entities decoded. */
  text: string;
}

/** A strict-enough XML reader: tags must nest and close, text may hold no raw `<` or stray `&`. */
function parseXml(xml: string): XmlNode {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  let inCdata = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const node = { name, attrs, children: [], text: '' };
        top().children.push(node);
        stack.push(node);
      },
      onclosetag(name) {
        const node = stack.pop();
        if (node?.name !== name) throw new Error(`</${name}> closes <${node?.name}>`);
      },
      ontext(text) {
        if (!inCdata) {
          if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bad text: ${text}`);
          top().text += unescapeXml(text);
        } else top().text += text;
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
    },
    { xmlMode: true, decodeEntities: false, recognizeCDATA: true },
  );
  parser.write(xml.replace(/^<\?xml[^>]*\?>/, ''));
  parser.end();
  if (stack.length !== 1) throw new Error('unclosed elements');
  const [document] = root.children;
  if (!document || root.children.length !== 1) throw new Error('not one root element');
  return document;
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

function childText(node: XmlNode | undefined, name: string): string | undefined {
  return child(node, name)?.text;
}

function sitemapLocs(xml: string): string[] {
  const set = parseXml(xml);
  return set.children.map((entry) => childText(entry, 'loc') ?? '');
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
  const suspended = await createPerson(database, 'sus', { status: 'suspended' });
  await writeArticle(database, suspended.id, 'by-suspended', { content: '<p>SUSPENDED-AUTHOR-BODY</p>' });
  const free = await writeArticle(database, ann.id, 'free-chapter', { content: '<p>FREE-CHAPTER-BODY</p>' });
  const paid = await writeArticle(database, ann.id, 'paid-chapter', {
    title: 'Chapter two',
    description: 'PAID-SUMMARY',
    content: '<p>PAID-BODY with <img src="/media/paid.webp"></p>',
  });
  const now = Date.now();
  const [booklet] = await database.db
    .insertInto('booklets')
    .values({
      slug: 'the-book',
      owner_id: ann.id,
      name: 'The Book',
      heading: '',
      description: 'A book',
      cover_url: '',
      price_cents: 990,
      currency: 'CNY',
      trashed: 0,
      created_at: now,
      modified_at: Date.parse('2026-01-03T00:00:00Z'),
    })
    .returning('id')
    .execute();
  await database.db
    .insertInto('booklet_items')
    .values([
      { booklet_id: Number(booklet?.id), parent_id: null, type: 'article', article_id: free, slug: 'one', title: '', order: 1, sales_mode: 'free' },
      { booklet_id: Number(booklet?.id), parent_id: null, type: 'article', article_id: paid, slug: 'two', title: '', order: 2, sales_mode: 'payment_required' },
    ])
    .execute();
  await database.db
    .insertInto('booklets')
    .values({
      slug: 'binned-book',
      owner_id: ann.id,
      name: 'Binned',
      heading: '',
      description: '',
      cover_url: '',
      price_cents: 0,
      currency: 'CNY',
      trashed: 1,
      created_at: now,
      modified_at: now,
    })
    .execute();
  await database.db
    .insertInto('booklets')
    .values({
      slug: 'shanshui',
      owner_id: ann.id,
      name: '山水之间',
      heading: '关于旅行的小册',
      description: '这是一本写给在路上的人的小册子。',
      cover_url: '',
      price_cents: 0,
      currency: 'CNY',
      trashed: 0,
      created_at: now,
      modified_at: now,
    })
    .execute();

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

    it('places the article under its author’s column in a BreadcrumbList', async () => {
      const res = await request(app).get('/article/open-letter/').expect(200);
      expect(breadcrumbsOf(res.text)).toEqual([
        ['Zine', `${ORIGIN}/`],
        ['ann', `${ORIGIN}/@ann/`],
        ['An open letter', `${ORIGIN}/article/open-letter/`],
      ]);
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
      for (const [slug, status, body] of [
        ['my-secret', 403, 'SECRET'],
        ['thrown-away', 404, 'TRASHED'],
        ['banned-one', 403, 'BANNED'],
      ] as const) {
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

  describe('robots.txt', () => {
    it('opens the public pages, closes the private ones and names the sitemap', async () => {
      const res = await request(app).get('/robots.txt').expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toContain('public');
      const lines = res.text.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const rule of [
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /editor',
        'Disallow: /profile/',
        'Disallow: /sign/',
        'Disallow: /accounts/',
        'Disallow: /article/*/review',
        'Disallow: /payments/',
      ]) {
        expect(lines).toContain(rule);
      }
      expect(lines).not.toContain('Disallow: /');
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });
  });

  describe('sitemap.xml', () => {
    const READABLE = ['open-letter', 'no-summary', 'evil', 'free-chapter'];
    const UNREADABLE = ['my-secret', 'thrown-away', 'banned-one', 'lapsed', 'by-banned', 'by-inactive', 'by-suspended', 'paid-chapter'];

    it('lists home, discovery, the readable articles, their columns and the public booklets, with lastmod', async () => {
      const res = await request(app).get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const set = parseXml(res.text);
      expect(set.name).toBe('urlset');
      expect(set.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const locs = sitemapLocs(res.text);
      expect(locs).toEqual(
        expect.arrayContaining([
          `${ORIGIN}/`,
          `${ORIGIN}/found/`,
          `${ORIGIN}/business/`,
          `${ORIGIN}/member/`,
          `${ORIGIN}/apps/download/`,
          `${ORIGIN}/page/privacy/policy/`,
          `${ORIGIN}/@ann/`,
          `${ORIGIN}/booklet/the-book/`,
        ]),
      );
      for (const slug of READABLE) expect(locs).toContain(`${ORIGIN}/article/${slug}/`);
      for (const slug of UNREADABLE) expect(locs.some((loc) => loc.includes(slug))).toBe(false);
      for (const name of ['exp', 'gone', 'ina', 'sus', 'quiet']) expect(locs).not.toContain(`${ORIGIN}/@${name}/`);
      expect(locs).not.toContain(`${ORIGIN}/booklet/binned-book/`);
      for (const unindexed of ['/sign/in/', '/profile/orders/', '/editor/', '/reseller/redeem/', '/h5/sms_code/'])
        expect(locs).not.toContain(`${ORIGIN}${unindexed}`);
      expect(new Set(locs).size).toBe(locs.length);
      const letter = set.children.find((entry) => childText(entry, 'loc') === `${ORIGIN}/article/open-letter/`);
      expect(childText(letter, 'lastmod')).toBe('2026-01-02T09:30:00.000Z');
      expect(res.text).not.toMatch(/PAID|SECRET|TRASHED/);
    });

    it('splits into a sitemap index past the limit of URLs per file', async () => {
      const small = express().use(seoRoutes({ db: database.db, publicOrigin: ORIGIN, siteName: 'Zine', now: Date.now, maxSitemapUrls: 3 }));
      const index = parseXml((await request(small).get('/sitemap.xml').expect(200)).text);
      expect(index.name).toBe('sitemapindex');
      const files = index.children.map((entry) => childText(entry, 'loc') ?? '');
      expect(files).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-articles-1.xml`, `${ORIGIN}/sitemap-articles-2.xml`]);
      const articles: string[] = [];
      for (const file of files.slice(1)) {
        const locs = sitemapLocs((await request(small).get(file.replace(ORIGIN, '')).expect(200)).text);
        expect(locs.length).toBeLessThanOrEqual(3);
        articles.push(...locs);
      }
      expect(articles.sort()).toEqual(READABLE.map((slug) => `${ORIGIN}/article/${slug}/`).sort());
      const pages = sitemapLocs((await request(small).get('/sitemap-pages.xml').expect(200)).text);
      expect(pages).toEqual([`${ORIGIN}/`, `${ORIGIN}/business/`, `${ORIGIN}/found/`]);
      for (const bad of ['/sitemap-articles-3.xml', '/sitemap-articles-0.xml', '/sitemap-articles-abc.xml', '/sitemap-articles-99999999999.xml']) {
        await request(small).get(bad).expect(404);
      }
    });

    it('serves only robots.txt, without a Sitemap line, when there is no database (proxy mode)', async () => {
      const proxied = express().use(seoRoutes({ publicOrigin: ORIGIN, siteName: 'Zine', now: Date.now }));
      const robots = await request(proxied).get('/robots.txt').expect(200);
      expect(robots.text).not.toContain('Sitemap:');
      await request(proxied).get('/sitemap.xml').expect(404);
      await request(proxied).get('/@ann/feed.xml').expect(404);
    });
  });

  describe('the RSS feed of a column', () => {
    it('is RSS 2.0 with the latest readable articles, their full content and absolute links', async () => {
      const res = await request(app).get('/@ann/feed.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.etag).toBeTruthy();
      const rss = parseXml(res.text);
      expect(rss.name).toBe('rss');
      expect(rss.attrs.version).toBe('2.0');
      const channel = child(rss, 'channel');
      expect(childText(channel, 'title')).toBe('ann - Zine');
      expect(childText(channel, 'link')).toBe(`${ORIGIN}/@ann/`);
      expect(childText(channel, 'description')).toBe('Writes about <b>things</b>');
      expect(child(channel, 'atom:link')?.attrs).toMatchObject({ href: `${ORIGIN}/@ann/feed.xml`, rel: 'self' });
      // The language most of the column's articles are written in.
      expect(childText(channel, 'language')).toBe('en');
      const items = channel?.children.filter((c) => c.name === 'item') ?? [];
      const titles = items.map((item) => childText(item, 'title'));
      expect(titles).toHaveLength(5);
      expect(titles).toEqual(expect.arrayContaining(['An open letter', 'Title of no-summary', `Evil ${XSS}`, 'Title of free-chapter', 'Chapter two']));
      const letter = items.find((item) => childText(item, 'title') === 'An open letter');
      expect(childText(letter, 'link')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(child(letter, 'guid')?.attrs.isPermaLink).toBe('true');
      expect(childText(letter, 'guid')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(childText(letter, 'pubDate')).toBe('Thu, 01 Jan 2026 08:00:00 GMT');
      expect(childText(letter, 'description')).toBe('Why we write');
      expect(childText(letter, 'content:encoded')).toBe('<h2>Dear reader</h2><p>The whole body of the open letter.</p>');
      const evil = items.find((item) => childText(item, 'title') === `Evil ${XSS}`);
      expect(childText(evil, 'description')).toBe(`Desc ${XSS}`);
      expect(res.text).not.toContain('<script>');
    });

    it('leaves out the private, trashed and banned articles and the content of a paid chapter', async () => {
      const res = await request(app).get('/@ann/feed.xml').expect(200);
      expect(res.text).not.toMatch(/SECRET|TRASHED|BANNED|Title of my-secret|Title of thrown-away|Title of banned-one/);
      const items = child(parseXml(res.text), 'channel')?.children.filter((c) => c.name === 'item') ?? [];
      const chapter = items.find((item) => childText(item, 'title') === 'Chapter two');
      expect(childText(chapter, 'link')).toBe(`${ORIGIN}/article/paid-chapter/`);
      expect(child(chapter, 'content:encoded')).toBeUndefined();
      expect(child(chapter, 'description')).toBeUndefined();
      expect(res.text).not.toMatch(/PAID-BODY|PAID-SUMMARY|paid\.webp/);
      const free = items.find((item) => childText(item, 'title') === 'Title of free-chapter');
      expect(childText(free, 'content:encoded')).toBe('<p>FREE-CHAPTER-BODY</p>');
    });

    it('answers 304 to a reader that has it already, and HEAD without a body', async () => {
      const first = await request(app).get('/@ann/feed.xml').expect(200);
      await request(app).get('/@ann/feed.xml').set('If-None-Match', String(first.headers.etag)).expect(304);
      const head = await request(app).head('/@ann/feed.xml').expect(200);
      expect(head.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(head.text ?? '').toBe('');
    });

    it('is empty for a column without articles', async () => {
      const res = await request(app).get('/@quiet/feed.xml').expect(200);
      const channel = child(parseXml(res.text), 'channel');
      expect(channel?.children.filter((c) => c.name === 'item')).toEqual([]);
    });

    it.each([
      '/@nobody/feed.xml',
      '/@gone/feed.xml',
      '/@ina/feed.xml',
      '/@sus/feed.xml',
      '/@exp/feed.xml',
      '/ann/feed.xml',
      '/@a%2Fb/feed.xml',
      `/@${'x'.repeat(300)}/feed.xml`,
    ])('answers 404 for %s', async (path) => {
      const res = await request(app).get(path).expect(404);
      expect(res.text).not.toContain('<rss');
    });
  });

  describe('booklet pages', () => {
    it('describe the overview as a Book by its owner', async () => {
      const res = await request(app).get('/booklet/the-book').set('User-Agent', GOOGLEBOT).expect(200);
      expect(res.text).toContain('<title>The Book - Zine</title>');
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/booklet/the-book/`);
      expect(metaContent(res.text, 'og:type')).toBe('book');
      expect(metaContent(res.text, 'description')).toBe('A book');
      expect(jsonLdOf(res.text)).toMatchObject({
        '@type': 'Book',
        name: 'The Book',
        description: 'A book',
        author: { '@type': 'Person', name: 'ann', url: `${ORIGIN}/@ann/` },
        url: `${ORIGIN}/booklet/the-book/`,
        inLanguage: 'en',
        offers: { '@type': 'Offer', price: '9.90', priceCurrency: 'CNY', url: `${ORIGIN}/booklet/the-book/` },
      });
      expect(breadcrumbsOf(res.text)).toEqual([
        ['Zine', `${ORIGIN}/`],
        ['ann', `${ORIGIN}/@ann/`],
        ['The Book', `${ORIGIN}/booklet/the-book/`],
      ]);
    });

    it('give a Chinese booklet its own language under an English interface, and a free one no offer', async () => {
      const res = await request(app).get('/booklet/shanshui/').set('Accept-Language', 'en').expect(200);
      expect(res.text).toContain('<html lang="en"');
      expect(res.text).toMatch(/<h1 class="booklet-overview__name" lang="zh-CN">山水之间<\/h1>/);
      expect(res.text).toMatch(/<p class="booklet-overview__description" lang="zh-CN">/);
      expect(metaContent(res.text, 'og:locale')).toBe('zh_CN');
      const ld = jsonLdOf(res.text);
      expect(ld).toMatchObject({ '@type': 'Book', inLanguage: 'zh-CN' });
      expect(ld).not.toHaveProperty('offers');
    });

    it('point a free chapter at its article, in its Book', async () => {
      const res = await request(app).get('/booklet/the-book/one').set('User-Agent', GOOGLEBOT).expect(200);
      expect(res.text).toContain('FREE-CHAPTER-BODY');
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/article/free-chapter/`);
      const ld = jsonLdOf(res.text);
      expect(ld).toMatchObject({ '@type': 'Article', isPartOf: { '@type': 'Book', name: 'The Book' } });
      expect(ld).not.toHaveProperty('isAccessibleForFree');
    });

    it('mark a locked paid chapter as not free, point at the purchase prompt and take nothing from the content', async () => {
      const res = await request(app).get('/booklet/the-book/two').set('User-Agent', GOOGLEBOT).expect(200);
      expect(res.text).not.toMatch(/PAID-BODY|PAID-SUMMARY|paid\.webp/);
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/booklet/the-book/two/`);
      const ld = jsonLdOf(res.text);
      expect(ld).toMatchObject({
        '@type': 'Article',
        isAccessibleForFree: false,
        hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywall' },
      });
      // The selector names something on the page: the purchase prompt.
      expect(res.text).toMatch(/<section class="paywall[ "]/);
    });

    it('keep the end page out of the index', async () => {
      const res = await request(app).get('/booklet/the-book/end');
      expect(metaContent(res.text, 'robots')).toBe('noindex');
    });
  });

  describe('a paid chapter, to someone who has not bought it', () => {
    it('leaks nothing through the API, the page, its meta, the feed or the sitemap', async () => {
      const api = await request(app).get('/api/article/paid-chapter/').expect(200);
      expect(JSON.stringify(api.body)).not.toMatch(/PAID-BODY|PAID-SUMMARY/);
      const page = await request(app).get('/article/paid-chapter/').set('User-Agent', GOOGLEBOT).expect(200);
      expect(page.text).not.toMatch(/PAID-BODY|PAID-SUMMARY|paid\.webp/);
      expect(metaContent(page.text, 'description')).not.toMatch(/PAID/);
      const ld = jsonLdOf(page.text);
      expect(ld).toMatchObject({
        '@type': 'Article',
        headline: 'Chapter two',
        isAccessibleForFree: false,
        isPartOf: { '@type': 'Book', name: 'The Book', url: `${ORIGIN}/booklet/the-book/` },
      });
      expect(ld?.hasPart).toMatchObject({ '@type': 'WebPageElement', isAccessibleForFree: false });
      expect(ld?.hasPart).toMatchObject({ cssSelector: '.paywall' });
      expect(linkHref(page.text, 'canonical')).toBe(`${ORIGIN}/booklet/the-book/two/`);
      const free = jsonLdOf((await request(app).get('/article/free-chapter/').expect(200)).text);
      expect(free).not.toHaveProperty('isAccessibleForFree');
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
      expect(breadcrumbsOf(res.text)).toEqual([
        ['Zine', `${ORIGIN}/`],
        ['ann', `${ORIGIN}/@ann/`],
      ]);
    });

    it('describes an error screen in the site’s words, never as the route it was met on', async () => {
      const res = await request(app).get('/no-such-column-here/').expect(404);
      expect(metaContent(res.text, 'description')).toBe('Write rich documents online, gather them into booklets and publish them on your own column.');
      expect(breadcrumbsOf(res.text)).toBeNull();
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

    it.each(['/sign/in', '/accounts/reset/some-token', '/redeem/CODE', '/no/such/page', '/@nobody-here/'])(
      'marks %s noindex, without canonical or JSON-LD',
      async (path) => {
        const res = await request(app).get(path);
        expect([200, 404]).toContain(res.status);
        expect(metaContent(res.text, 'robots')).toBe('noindex');
        expect(linkHref(res.text, 'canonical')).toBeNull();
        expect(jsonLdOf(res.text)).toBeNull();
      },
    );

    it('marks the signed-in pages noindex, the author’s review page included: noindex follows from the guard', async () => {
      const visitor = new Visitor(app);
      await visitor.signIn('ann@example.com', PASSWORD);
      for (const path of [
        '/editor',
        '/profile/wallet',
        '/profile/notification',
        '/profile/orders',
        '/article/open-letter/review',
        '/article/my-secret/review',
      ]) {
        const res = await visitor.get(path);
        expect(res.status).toBe(200);
        expect(metaContent(res.text, 'robots')).toBe('noindex');
        expect(linkHref(res.text, 'canonical')).toBeNull();
        expect(jsonLdOf(res.text)).toBeNull();
      }
    });

    it('without PUBLIC_ORIGIN, builds absolute links on the request’s host, and on localhost when the Host is not a host name', async () => {
      const local = (await testApp({ deps: { database } })).app;
      const res = await request(local).get('/article/open-letter/').set('Host', 'zine.test:8080').expect(200);
      expect(linkHref(res.text, 'canonical')).toBe('http://zine.test:8080/article/open-letter/');
      const robots = await request(local).get('/robots.txt').set('Host', 'zine.test:8080').expect(200);
      expect(robots.text).toContain('Sitemap: http://zine.test:8080/sitemap.xml');
      const forged = await request(local).get('/sitemap.xml').set('Host', 'a"><script>x</script>').expect(200);
      expect(forged.text).not.toContain('script');
      expect(sitemapLocs(forged.text)).toContain('http://localhost/article/open-letter/');
    });

    it('never takes the origin from a forged Host header when PUBLIC_ORIGIN is set', async () => {
      const res = await request(app).get('/article/open-letter/').set('Host', 'evil.example').expect(200);
      expect(linkHref(res.text, 'canonical')).toBe(`${ORIGIN}/article/open-letter/`);
      expect(res.text).not.toContain('evil.example');
    });
  });
});
