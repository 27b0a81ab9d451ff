import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy routes the current address matches, before the router is made, so the first
 * render in the browser is the page the server sent (no fallback, no hydration mismatch).
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      // A route that still carries `lazy` makes the router wait for it before rendering.
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
