import { matchRoutes, type RouteObject } from 'react-router-dom';
import { shouldPrefetch, type ConnectionInfo } from '../../shared/mediaImage';
import { isRouteHandle } from './pageRoute';
import { pageFacts } from './pageModules';

/**
 * Loads a page's code when the pointer rests on or a finger touches a link to it, so the
 * click navigates at once; never on a 2g connection or with the data saver on (docs/specification/shell.md §9).
 */
export function installLinkPrefetch(routes: RouteObject[]): void {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  const seen = new Set<string>();
  const prefetch = (event: Event) => {
    if (!shouldPrefetch(connection)) return;
    const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    const href = link?.getAttribute('href');
    if (!href || link?.getAttribute('target') === '_blank') return;
    const pathname = new URL(href, window.location.origin).pathname;
    if (seen.has(pathname)) return;
    seen.add(pathname);
    for (const match of matchRoutes(routes, pathname) ?? []) {
      const handle: unknown = match.route.handle;
      if (isRouteHandle(handle))
        void pageFacts(handle.page)
          .module()
          .catch(() => {});
    }
  };
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('touchstart', prefetch, { passive: true });
}
