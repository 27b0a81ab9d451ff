import { describe, expect, it } from 'vitest';
import { matchPage, runLoaders, statusOf } from './loadRoutes';
import { isRouteErrorResponse, redirect, routeError, RouteRedirect } from './routeResponses';
import type { RouteObject } from './routeTypes';

const Boundary = () => null;
const request = new Request('http://localhost/a/b/');

function table(loaders: { root?: () => unknown; a?: () => unknown; b?: () => unknown }): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      ErrorBoundary: Boundary,
      loader: loaders.root,
      children: [{ id: 'a', path: 'a', loader: loaders.a, children: [{ id: 'b', path: 'b', loader: loaders.b }] }],
    },
  ];
}

describe('runLoaders', () => {
  it('runs every loader at once and reports no errors when all succeed', async () => {
    const ran: string[] = [];
    const routes = table({ root: () => ran.push('root'), a: () => ran.push('a'), b: () => ran.push('b') });
    const { matches } = matchPage(routes, '/a/b/');
    expect(await runLoaders(matches, matches, request)).toEqual({ errors: null });
    expect(ran.sort()).toEqual(['a', 'b', 'root']);
  });

  it('answers the outermost redirect, even when an inner loader fails', async () => {
    const routes = table({
      a: () => {
        throw redirect('/sign/in/?next=%2Fa%2Fb%2F');
      },
      b: () => {
        throw new Error('inner');
      },
    });
    const { matches } = matchPage(routes, '/a/b/');
    const outcome = await runLoaders(matches, matches, request);
    expect(outcome.redirect).toEqual(new RouteRedirect('/sign/in/?next=%2Fa%2Fb%2F', 302));
  });

  it('hands an error to the nearest route with an error screen, the outermost error first, with its status', async () => {
    const routes = table({
      a: () => {
        throw routeError('Forbidden', { status: 403 });
      },
      b: () => {
        throw new Error('inner');
      },
    });
    const { matches } = matchPage(routes, '/a/b/');
    const outcome = await runLoaders(matches, matches, request);
    const errors = outcome.redirect ? null : outcome.errors;
    expect(Object.keys(errors ?? {})).toEqual(['root']);
    expect(isRouteErrorResponse(errors?.root) && errors.root.status).toBe(403);
    expect(statusOf(errors)).toBe(403);
    expect(statusOf({ root: new Error('no status') })).toBe(500);
    expect(statusOf(null)).toBe(200);
  });

  it('loads a lazy route once, then runs the loader it brought', async () => {
    let loads = 0;
    let ran = 0;
    const routes: RouteObject[] = [
      {
        id: 'root',
        path: '/',
        children: [
          {
            id: 'lazy',
            path: 'lazy',
            lazy: () => {
              loads += 1;
              return Promise.resolve({ loader: () => (ran += 1), Component: Boundary });
            },
          },
        ],
      },
    ];
    const { matches } = matchPage(routes, '/lazy');
    await Promise.all([runLoaders(matches, matches, request), runLoaders(matches, matches, request)]);
    expect({ loads, ran }).toEqual({ loads: 1, ran: 2 });
    expect(routes[0]?.children?.[0]?.Component).toBe(Boundary);
  });
});

describe('matchPage', () => {
  it('answers a path nothing matches with the root and a 404 naming the path', () => {
    const page = matchPage(table({}), '/nothing/here');
    expect(page.matches.map((m) => m.id)).toEqual(['root']);
    const error = page.errors?.root;
    expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([404, 'Error: No route matches URL "/nothing/here"']);
  });
});
