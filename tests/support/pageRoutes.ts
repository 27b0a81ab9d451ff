import type { RouteObject } from 'react-router-dom';
import { createRoutes } from '../../client/routes';
import { pageFacts, type PageName } from '../../client/routing/pageModules';
import { isRouteHandle } from '../../client/routing/pageRoute';

/** One leaf of the client's route table: its full path pattern and the page it shows (null: the not-found route). */
export interface PageRoutePattern {
  pattern: string;
  page: PageName | null;
  /** The page has guards (client/routing/guards.ts): a signed-out visitor is sent to sign in. */
  guarded: boolean;
}

/** Every leaf of the route table client/routes.tsx builds from PAGES (client/routing/pageModules.ts), in its order. */
export function pageRoutePatterns(): PageRoutePattern[] {
  const table = createRoutes(() => {
    throw new Error('the route table is only read here');
  });
  const found: PageRoutePattern[] = [];
  const join = (base: string, segment: string) => `${base.replace(/\/$/, '')}/${segment}`;
  const walk = (routes: readonly RouteObject[], base: string) => {
    for (const route of routes) {
      const full = route.index ? base : route.path === undefined ? base : route.path.startsWith('/') ? route.path : join(base, route.path);
      if (route.children?.length) {
        walk(route.children, full);
        continue;
      }
      const handle: unknown = route.handle;
      const page = isRouteHandle(handle) ? handle.page : null;
      if (!found.some((known) => known.pattern === full))
        found.push({ pattern: full, page, guarded: page !== null && (pageFacts(page).guards ?? []).length > 0 });
    }
  };
  walk(table, '/');
  return found;
}

/** The parameter names of a path pattern, with whether each is optional (`:name?`). */
export function patternParams(pattern: string): { name: string; optional: boolean }[] {
  return [...pattern.matchAll(/:(\w+)(\?)?/g)].map(([, name = '', optional]) => ({ name, optional: optional === '?' }));
}
