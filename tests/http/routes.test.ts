import { data } from 'react-router-dom';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PageName } from '../../client/routing/pageModules';
import { pageRoute } from '../../client/routing/pageRoute';
import { pageRoutePatterns } from '../support/pageRoutes';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

const { app, database } = await testApp();
await createPerson(database, 'alice');

/** A value for each path parameter the pages below take. */
const SAMPLES: Readonly<Record<string, string>> = { article: '1', code: 'CODE42', column: '@alice', ref: 'ORDER-1', slug: 'hello-world', token: 'some-token' };

/** Pages these tests leave to others, which render them with real data. */
const ELSEWHERE: Partial<Record<PageName, string>> = {
  article: 'tests/http/articles.test.ts',
  'booklet-overview': 'tests/http/booklets.pages.test.ts',
  'booklet-chapter': 'tests/http/booklets.pages.test.ts',
  'short-link': 'a redirect, below',
};

/**
 * A path of every other page of the route table (client/routes.tsx, built from PAGES), its
 * parameters filled in; a page with an optional parameter also without it.
 */
const PAGE_PATHS = pageRoutePatterns().flatMap(({ pattern, page, guarded }) => {
  if (page === null || ELSEWHERE[page] !== undefined) return [];
  const fill = (keepOptional: boolean) =>
    pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) =>
      optional && !keepOptional ? '' : `/${SAMPLES[name] ?? `no-sample-for-${name}`}`,
    ) || '/';
  const paths = [...new Set([fill(false), fill(true)])];
  return paths.map((path) => ({ path, guarded }));
});
const OPEN = PAGE_PATHS.filter(({ guarded }) => !guarded).map(({ path }) => path);
const GUARDED = PAGE_PATHS.filter(({ guarded }) => guarded).map(({ path }) => path);

/** What the screens of some pages show, with their text in English. */
const HEADINGS: Readonly<Record<string, string>> = {
  '/': 'Discover the Fun of Creation',
  '/business': 'For Business',
  '/found': 'Discover',
  '/search': 'Search',
  '/member': 'Upgrade Membership',
  '/apps/download': 'Download the App',
  '/h5/sms_code': 'SMS Code',
  '/reseller/digital_lizhi': 'Reseller',
  '/reseller/redeem': 'Reseller Redeem',
  '/sign/in': 'Sign In',
  '/page/column/agreement': 'Column Agreement',
  '/page/privacy/cn': 'Privacy Policy (Mainland China)',
  '/page/privacy/policy': 'Privacy Policy',
  '/page/service/member': 'Membership Service Agreement',
  '/page/service/terms': 'Terms of Service and Content Policy',
  '/page/withdraw/rules': 'Withdrawal Rules',
  '/accounts/referral': 'Invitation',
  '/accounts/referral/CODE42': 'Invitation',
  '/redeem': 'Redeem',
  '/redeem/CODE42': 'Redeem',
  '/@alice': "alice's column",
  '/@alice/articles': 'Articles written by this author.',
  '/@alice/collections': 'Articles this author has favourited.',
};

describe('the route table', () => {
  it('covers every page, guarded or not, and shows the headings it names', () => {
    expect(OPEN.length).toBeGreaterThan(20);
    expect(GUARDED.length).toBeGreaterThan(4);
    expect(
      PAGE_PATHS.filter(({ path }) => path.includes('no-sample-for-')).map(({ path }) => path),
      'parameters to add to SAMPLES',
    ).toEqual([]);
    expect(Object.keys(HEADINGS).filter((path) => !OPEN.includes(path))).toEqual([]);
  });

  it.each(OPEN.flatMap((path) => [path, `${path.replace(/\/$/, '')}/`]))('%s renders with 200', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="root">');
    const heading = HEADINGS[path.replace(/(.)\/$/, '$1')];
    if (heading !== undefined) expect(res.text).toContain(heading.replace(/'/g, '&#x27;'));
  });

  it.each([
    ['/r', '/redeem/'],
    ['/r/', '/redeem/'],
    ['/r/abcd-efgh-jkmn-pqrs', '/redeem/abcd-efgh-jkmn-pqrs/'],
  ])('%s, a short link, redirects to %s (decision 027)', async (path, target) => {
    const res = await request(app).get(path).expect(302);
    expect(res.headers.location).toBe(target);
  });

  it.each(GUARDED.flatMap((p) => [p, `${p}/`]))('%s sends a signed-out visitor to sign in', async (path) => {
    const res = await request(app).get(`${path}?tab=1`).expect(302);
    expect(res.headers.location).toBe(`/sign/in/?next=${encodeURIComponent(`${path}?tab=1`)}`);
  });

  it.each(['/nothing-here', '/alice', '/alice/articles', '/@nobody/', '/@nobody/articles', '/article', '/article/', '/booklet', '/a/b/c/d', '/page/unknown'])(
    '%s renders the 404 screen with status 404 (no such page)',
    async (path) => {
      const res = await request(app).get(path).expect(404);
      expect(res.text).toContain('This page could not be found');
      expect(res.text).toContain('The page requested was not found on server');
      expect(res.text).toContain('<title>Page not found - Zine</title>');
      expect(res.text).toContain('href="/page/service/terms/"');
      expect(res.text).toContain('src="/images/promo-en.svg"');
    },
  );

  it('answers an unknown route guard with 500 Unknown middleware {name}', async () => {
    const guarded = (
      await testApp({
        deps: {
          extraRoutes: (getStores) => [{ path: 'guarded', ...pageRoute(getStores, 'home', { id: 'guarded', guards: ['signIn', 'noSuchGuard'] }) }],
        },
      })
    ).app;
    const res = await request(guarded).get('/guarded/').expect(500);
    expect(res.text).toContain('An error occurred');
    expect(res.text).toContain('Unknown middleware noSuchGuard');
    expect(res.text).toContain('See details');
  });

  it('renders a throwing loader as the error page with status 500', async () => {
    const throwing = (
      await testApp({
        config: { env: 'production' },
        deps: {
          extraRoutes: () => [
            {
              path: 'explodes',
              loader: () => {
                throw new Error('database password is hunter2');
              },
              Component: () => null,
            },
          ],
        },
      })
    ).app;
    const res = await request(throwing).get('/explodes').expect(500);
    expect(res.text).toContain('An error occurred');
    expect(res.text).not.toContain('hunter2');
  });

  it('renders a 403 with the no-entry icon', async () => {
    const forbidden = (
      await testApp({
        deps: {
          extraRoutes: () => [
            {
              path: 'members-only',
              loader: () => {
                throw data('Forbidden', { status: 403 });
              },
              Component: () => null,
            },
          ],
        },
      })
    ).app;
    const res = await request(forbidden).get('/members-only').expect(403);
    expect(res.text).toContain('<title>Forbidden - Zine</title>');
    expect(res.text).toContain('You don&#x27;t have permission to visit this page');
    expect(res.text).toContain('class="no-entry-icon"');
  });

  it('renders a component that throws as the error page with 500, logged with the request id', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const broken = (
      await testApp({
        deps: {
          logger,
          extraRoutes: () => [
            {
              path: 'broken-component',
              Component: () => {
                throw new Error('component broke');
              },
            },
          ],
        },
      })
    ).app;
    const res = await request(broken).get('/broken-component').set('X-Request-Id', 'req-1234567890').expect(500);
    expect(res.text).toContain('An error occurred');
    expect(res.text).toContain('<title>An error occurred - Zine</title>');
    const logged = lines.map((l) => JSON.parse(l) as { req?: { id?: string }; err?: { message?: string } });
    expect(logged.some((l) => l.req?.id === 'req-1234567890' && l.err?.message === 'component broke')).toBe(true);
  });

  it('falls back to a plain page when the error page itself fails', async () => {
    // An error so broken that reading it throws: the error page cannot describe it.
    const unreadable = Object.defineProperty({}, 'statusCode', {
      get() {
        throw new Error('unreadable error');
      },
    });
    const broken = (
      await testApp({
        deps: {
          extraRoutes: () => [
            {
              path: 'broken-error-page',
              Component: () => {
                // eslint-disable-next-line @typescript-eslint/only-throw-error -- what is thrown is the test: not an Error, and unreadable
                throw unreadable;
              },
            },
          ],
        },
      })
    ).app;
    const res = await request(broken).get('/broken-error-page').expect(500);
    expect(res.text).toContain('An error occured while showing the error page');
    expect(res.text).toContain('href="/"');
  });

  it('does not let a forged Host header or a protocol-relative path shape the redirect', async () => {
    const forged = await request(app).get('/profile/wallet').set('Host', 'evil.example').expect(302);
    expect(forged.headers.location).toBe('/sign/in/?next=%2Fprofile%2Fwallet');
    const relative = await request(app).get('//evil.example/profile/wallet').expect(404);
    expect(relative.headers.location).toBeUndefined();
  });

  it('answers other methods on pages with 405', async () => {
    await request(app).post('/').expect(405);
  });
});
