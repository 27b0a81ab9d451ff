import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy routes the current URL matches, before hydration, so the first
 * client render is the page the server sent (no fallback flash, no mismatch).
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      // A route that still carries `lazy` makes the router render its fallback.
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}
