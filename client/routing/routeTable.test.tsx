import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, data, isRouteErrorResponse, Link, matchRoutes, NavLink, redirect, StaticRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../routes';

const routes = createRoutes(() => {
  throw new Error('only matched here');
});

// Path, the matched route ids and paths, the params: what the site's table gives for each kind of
// address (the ranking, optional params, trailing slashes, case, decoding). A path no page
// declares is the not-found route's, under the root.
const CASES: [string, string, Record<string, string>][] = [
  ['/', 'root / | home /', {}],
  ['/found/', 'root / | found /found/', {}],
  ['/FOUND', 'root / | found /FOUND', {}],
  ['/article', 'root / | article /article', {}],
  ['/article/abc/', 'root / | article /article/abc/', { slug: 'abc' }],
  ['/article/abc/review', 'root / | article-review /article/abc/review', { slug: 'abc' }],
  ['/article/a%2Fb/', 'root / | article /article/a%2Fb/', { slug: 'a/b' }],
  ['/article/%E4%B8%AD/', 'root / | article /article/\u4e2d/', { slug: '中' }],
  ['/article/%zz/', 'root / | article /article/%zz/', { slug: '%zz' }],
  ['/booklet/x/', 'root / | booklet /booklet/x | booklet-overview /booklet/x/', { slug: 'x' }],
  ['/booklet/x/y/', 'root / | booklet /booklet/x | booklet-chapter /booklet/x/y/', { slug: 'x', childSlug: 'y' }],
  ['/booklet/x/y/z', 'root / | not-found /booklet/x/y/z', { '*': 'booklet/x/y/z' }],
  ['/@ann/', 'root / | column /@ann | column-home /@ann/', { column: '@ann' }],
  ['/@ann/articles/', 'root / | column /@ann | column-articles /@ann/articles/', { column: '@ann' }],
  ['/@ann/collections', 'root / | column /@ann | column-collections /@ann/collections', { column: '@ann' }],
  ['/ann/', 'root / | column /ann | column-home /ann/', { column: 'ann' }],
  ['/page/guide/', 'root / | static-guide /page/guide/', {}],
  ['/page/privacy/cn/', 'root / | static-privacy-cn /page/privacy/cn/', {}],
  ['/page/', 'root / | column /page | column-home /page/', { column: 'page' }],
  ['/r/', 'root / | short-link /r/', {}],
  ['/r/abc', 'root / | short-link /r/abc', { slug: 'abc' }],
  ['/redeem/XYZ/', 'root / | redeem /redeem/XYZ/', { code: 'XYZ' }],
  ['/accounts/referral/', 'root / | referral /accounts/referral/', {}],
  ['/accounts/reset/tok/', 'root / | password-reset /accounts/reset/tok/', { token: 'tok' }],
  ['/nope/nope/', 'root / | not-found /nope/nope/', { '*': 'nope/nope/' }],
  ['/@ann/x/y', 'root / | not-found /@ann/x/y', { '*': '@ann/x/y' }],
  ['/article//', 'root / | article /article/', {}],
  ['/sign/in/', 'root / | sign-in /sign/in/', {}],
  ['/profile/wallet/', 'root / | profile-wallet /profile/wallet/', {}],
];

describe("the site's route table", () => {
  it.each(CASES)('matches %s', (path, expected, params) => {
    const matches = matchRoutes(routes, path) ?? [];
    expect(matches.map((m) => `${m.route.id ?? ''} ${m.pathname}`).join(' | ')).toBe(expected);
    expect(matches.at(-1)?.params).toEqual(params);
  });

  it('gives every match of a page the params of the whole path', () => {
    const matches = matchRoutes(routes, '/booklet/guide/intro/') ?? [];
    expect(matches.map((m) => m.params)).toEqual([
      { slug: 'guide', childSlug: 'intro' },
      { slug: 'guide', childSlug: 'intro' },
      { slug: 'guide', childSlug: 'intro' },
    ]);
  });
});

const Boundary = () => null;

/** A root with an error screen, `/a` inside it and `/a/b` inside that, with the given loaders. */
function table(loaders: { root?: () => unknown; a?: () => unknown; b?: () => unknown }): RouteObject[] {
  const wrap = (loader?: () => unknown) => (loader ? async () => (await loader()) ?? null : undefined);
  return [
    {
      id: 'root',
      path: '/',
      ErrorBoundary: Boundary,
      loader: wrap(loaders.root),
      children: [{ id: 'a', path: 'a', loader: wrap(loaders.a), children: [{ id: 'b', path: 'b', loader: wrap(loaders.b) }] }],
    },
  ];
}

async function query(routeTable: RouteObject[], path: string) {
  return createStaticHandler(routeTable).query(new Request(`http://localhost${path}`));
}

describe('the page query on the server (react-router static handler)', () => {
  it('runs every loader of the page and answers 200 when all succeed', async () => {
    const ran: string[] = [];
    const context = await query(table({ root: () => ran.push('root') && null, a: () => ran.push('a') && null, b: () => ran.push('b') && null }), '/a/b/');
    expect(context instanceof Response ? context.status : [context.statusCode, context.errors]).toEqual([200, null]);
    expect(ran.sort()).toEqual(['a', 'b', 'root']);
  });

  it('answers a redirect thrown by a loader, even when an inner loader fails', async () => {
    const context = await query(
      table({
        a: () => {
          throw redirect('/sign/in/?next=%2Fa%2Fb%2F');
        },
        b: () => {
          throw new Error('inner');
        },
      }),
      '/a/b/',
    );
    expect(context instanceof Response && [context.status, context.headers.get('Location')]).toEqual([302, '/sign/in/?next=%2Fa%2Fb%2F']);
  });

  it('hands an error to the nearest route with an error screen, the outermost error first, with its status', async () => {
    const context = await query(
      table({
        a: () => {
          throw data('Forbidden', { status: 403 });
        },
        b: () => {
          throw new Error('inner');
        },
      }),
      '/a/b/',
    );
    if (context instanceof Response) throw new Error('no redirect expected');
    expect(Object.keys(context.errors ?? {})).toEqual(['root']);
    const error: unknown = context.errors?.root;
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([403, 'Forbidden']);
    expect(context.statusCode).toBe(403);
  });

  it('runs the root loader on a path no page declares, and answers 404 naming the path', async () => {
    let rootRan = false;
    const site = createRoutes(() => {
      throw new Error('the stores are not used here');
    });
    const [root] = site;
    if (!root) throw new Error('the table has a root');
    const context = await query(
      [
        {
          ...root,
          loader: () => {
            rootRan = true;
            return null;
          },
        },
      ],
      '/nothing/here',
    );
    if (context instanceof Response) throw new Error('no redirect expected');
    expect(rootRan).toBe(true);
    expect(context.statusCode).toBe(404);
    const error: unknown = context.errors?.root;
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([404, 'Error: No route matches URL "/nothing/here"']);
  });
});

describe('links', () => {
  const at = (location: string, element: React.ReactElement) => renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>);

  it('keep the current path for a search alone (the pagers of the wallet and the notifications)', () => {
    expect(at('/profile/wallet/?page=1', <Link to="?page=2">2</Link>)).toBe('<a href="/profile/wallet/?page=2" data-discover="true">2</a>');
    expect(at('/profile/notification/', <Link to="/found/">f</Link>)).toBe('<a href="/found/" data-discover="true">f</a>');
  });

  it('mark the page shown as current, and with `end` only their own path', () => {
    expect(at('/@ann/articles/', <NavLink to="/@ann/articles/">a</NavLink>)).toContain('aria-current="page"');
    expect(at('/@ann/articles/', <NavLink to="/@ann/">a</NavLink>)).toContain('class="active"');
    expect(
      at(
        '/@ann/articles/',
        <NavLink to="/@ann/" end>
          a
        </NavLink>,
      ),
    ).not.toContain('active');
  });
});
