import { matchPage, runLoaders, statusOf } from './loadRoutes';
import type { RouteRedirect } from './routeResponses';
import type { Navigator } from './RouterView';
import type { PageRequest, RouteObject, RouterState } from './routeTypes';

/** What the server does with a page request: send a redirect, or render a state with a status. */
export type PageQuery = { redirect: RouteRedirect } | { redirect?: undefined; state: RouterState; status: number };

/** Matches a page request and runs its loaders, as the browser's router would for a navigation to it. */
export async function queryPage(routes: RouteObject[], request: PageRequest): Promise<PageQuery> {
  const url = new URL(request.url);
  const location = { pathname: url.pathname, search: url.search, hash: '' };
  const page = matchPage(routes, url.pathname);
  const outcome = page.errors ? { errors: page.errors } : await runLoaders(page.matches, page.matches, request);
  if (outcome.redirect) return { redirect: outcome.redirect };
  return { state: { location, matches: page.matches, errors: outcome.errors }, status: statusOf(outcome.errors) };
}

/** The server renders once: nothing navigates there. */
export const STATIC_NAVIGATOR: Navigator = {
  navigate() {
    throw new Error('navigate() was called while the server was rendering');
  },
  go() {
    throw new Error('history.go() was called while the server was rendering');
  },
  revalidate: () => Promise.resolve(),
};
