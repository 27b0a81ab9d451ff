import { isRouteErrorResponse, notFoundError, RouteRedirect } from './routeResponses';
import type { LazyRouteParts, PageRequest, RouteMatch, RouteObject } from './routeTypes';
import { matchRoutes, routeIdOf } from './matchRoutes';

/** A page's matches, or the root alone with a 404 when no route matches the path. */
export function matchPage(routes: RouteObject[], pathname: string): { matches: RouteMatch[]; errors: Record<string, unknown> | null } {
  const matches = matchRoutes(routes, pathname);
  if (matches) return { matches, errors: null };
  const [root] = routes;
  if (!root) throw new Error('the route table is empty');
  return { matches: [{ id: routeIdOf(root), route: root, params: {}, pathname: '/' }], errors: { [routeIdOf(root)]: notFoundError(pathname) } };
}

/** Loads the code of the lazy routes among the matches (each once for the process or the tab). */
export async function resolveLazyRoutes(matches: readonly RouteMatch[]): Promise<void> {
  await Promise.all(matches.map(({ route }) => resolveLazy(route)));
}

/** What running a page's loaders came to: a redirect, or the errors by the id of the route that shows each. */
export type LoadOutcome = { redirect: RouteRedirect } | { redirect?: undefined; errors: Record<string, unknown> | null };

/**
 * Runs the loaders of the given matches at once, after their code has loaded. The first redirect
 * (root to leaf) wins; otherwise each error goes to the nearest route at or above its own that has
 * an error screen, the outermost error first.
 */
export async function runLoaders(all: readonly RouteMatch[], which: readonly RouteMatch[], request: PageRequest): Promise<LoadOutcome> {
  const results = await Promise.all(
    which.map(async (match) => {
      try {
        await resolveLazy(match.route);
        await match.route.loader?.({ params: match.params, request });
        return { match, error: undefined, failed: false };
      } catch (error) {
        return { match, error, failed: true };
      }
    }),
  );
  let errors: Record<string, unknown> | null = null;
  for (const { match, error, failed } of results) {
    if (!failed) continue;
    if (error instanceof RouteRedirect) return { redirect: error };
    const boundary = boundaryOf(all, match);
    errors ??= {};
    if (!(boundary.id in errors)) errors[boundary.id] = error;
  }
  return { errors };
}

/** The status a page answers with: its first error's, 500 for one that is not an error response, else 200. */
export function statusOf(errors: Record<string, unknown> | null): number {
  const first = errors ? Object.values(errors)[0] : undefined;
  if (first === undefined) return 200;
  return isRouteErrorResponse(first) ? first.status : 500;
}

function boundaryOf(matches: readonly RouteMatch[], failed: RouteMatch): RouteMatch {
  const at = matches.indexOf(failed);
  for (let i = at; i >= 0; i--) {
    const match = matches[i];
    if (match?.route.ErrorBoundary) return match;
  }
  return matches[0] ?? failed;
}

const pending = new WeakMap<RouteObject, Promise<void>>();

function resolveLazy(route: RouteObject): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve();
  let loading = pending.get(route);
  if (!loading) {
    loading = lazy().then(
      (parts: LazyRouteParts) => {
        // Once resolved the route carries its screen and loader like any other.
        Object.assign(route, parts, { lazy: undefined });
      },
      (error: unknown) => {
        pending.delete(route);
        throw error;
      },
    );
    pending.set(route, loading);
  }
  return loading;
}
