import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { OFFSITE_PATH_CORPUS } from '../support/offsiteCorpus';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

/**
 * Every link a page writes from the request's path is built from the normalised path
 * (shared/sitePath.ts): whatever odd path a request names, each URL in the page stays on this
 * site. Requests go over a socket with the path exactly as written (supertest would resolve
 * dot segments and backslashes first).
 */
const HOST = 'zine.test';
const ORIGIN = `http://${HOST}`;

const { app, database } = await testApp();
const ann = await createPerson(database, 'ann');
await createPerson(database, 'barred', { status: 'banned' });
await writeArticle(database, ann.id, 'open-letter', {});
await writeArticle(database, ann.id, 'banned-one', { moderation: 'banned' });
await writeArticle(database, ann.id, 'my-secret', { visibility: 'private' });
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** GET with the path as written, byte for byte. */
function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: HOST } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const ATTRIBUTE = /\s(href|src|action|formaction|poster|srcset)="([^"]*)"/g;
const META_URL = /<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content="([^"]*)"/g;

/** Every URL an HTML page writes in an attribute, entities decoded: links, sources, forms, the canonical and OpenGraph ones. */
function urlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const [, name, value] of html.matchAll(ATTRIBUTE)) {
    const decoded = decodeEntities(value ?? '');
    if (name === 'srcset') urls.push(...decoded.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''));
    else urls.push(decoded);
  }
  for (const [, value] of html.matchAll(META_URL)) urls.push(decodeEntities(value ?? ''));
  return urls;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The canonical and OpenGraph URLs, the language links and sign-in's: what a page builds from the request's path. */
function pathLinksOf(html: string): string[] {
  const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map(([, value]) => decodeEntities(value ?? ''));
  const og = [...html.matchAll(META_URL)].map(([, value]) => decodeEntities(value ?? ''));
  return [...canonical, ...og, ...urlsOf(html).filter((url) => url.includes('__lang=') || url.includes('next='))];
}

/**
 * The page at `path` writes no URL that leaves the site (with `every` false: none of those it
 * builds from the path, for a page that may link elsewhere); its language links are the normalised path's.
 */
async function expectOnSite(path: string, every = true): Promise<Answer> {
  const res = await get(path);
  const where = `${path} (${res.status})`;
  if (res.status >= 300 && res.status < 400) expect(new URL(res.headers.location ?? '', `${ORIGIN}/`).origin, where).toBe(ORIGIN);
  const urls = every ? urlsOf(res.text) : pathLinksOf(res.text);
  for (const url of urls) {
    expect(url, where).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
    expect(new URL(url, `${ORIGIN}/`).origin, `${where}: ${url}`).toBe(ORIGIN);
  }
  if (!res.headers['content-type']?.startsWith('text/html')) expect(res.text, where).not.toContain('evil.example');
  else {
    const languages = urlsOf(res.text).filter((url) => url.includes('__lang='));
    expect(languages.length, where).toBeGreaterThanOrEqual(2);
    for (const url of languages) expect(url, where).toMatch(/^\/(?![/\\])[^?]*\?__lang=[A-Za-z-]+$/);
  }
  return res;
}

const PREFIXES = ['//evil.example', '///evil.example', '/\\evil.example', '/.//evil.example', '/%2F%2Fevil.example', '/%09/evil.example'];
const QUERIES = ['?next=//evil.example', '?__lang=//evil.example', '?x=/%2F%2Fevil.example&page=//evil.example'];

describe('links written from the request path stay on the site', () => {
  it('on the 404 page of every path of the open-redirect corpus', async () => {
    const statuses = new Set<number>();
    for (const path of OFFSITE_PATH_CORPUS) {
      const res = await expectOnSite(path);
      statuses.add(res.status);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(statuses).toContain(404);
  });

  it('on the footer of //evil.example/phish: this site’s /evil.example/phish in another language', async () => {
    const res = await expectOnSite('//evil.example/phish');
    expect(res.status).toBe(404);
    expect(res.text).toContain('href="/evil.example/phish?__lang=zh-CN"');
    expect(res.text).not.toContain('href="//evil.example');
  });

  it.each([
    ['a missing article', '/article/no-such-article/', 404],
    ['a banned article', '/article/banned-one/', 403],
    ['a private article', '/article/my-secret/', 403],
    ['a banned author’s column', '/@barred/', 403],
    ['an unknown page', '/nothing-here/', 404],
    ['a malformed escape (no page: a JSON 400)', '/article/%ff/', 400],
  ])('on the error page of %s, its odd paths and queries', async (_name, path, status) => {
    expect((await expectOnSite(path)).status).toBe(status);
    for (const query of QUERIES) expect((await expectOnSite(`${path}${query}`)).status, query).toBe(status);
    for (const prefix of PREFIXES) {
      const res = await expectOnSite(`${prefix}${path}`);
      expect(res.status, prefix).toBeGreaterThanOrEqual(400);
    }
  });

  it('on a page that is found, asked for with an odd query', async () => {
    for (const query of ['', ...QUERIES]) expect((await expectOnSite(`/article/open-letter/${query}`, false)).status, query).toBe(200);
  });
});
