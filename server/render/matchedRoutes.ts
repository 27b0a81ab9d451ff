import type { createStaticRouter, StaticHandlerContext } from 'react-router-dom';

type StaticRoutes = Parameters<typeof createStaticRouter>[0];

/**
 * For one static handler: the route table cut down to the routes a page matched, root to leaf,
 * for the page's static router. `createStaticRouter` converts every route it is given again on
 * every request; rendering reads only the matched ones, by their ids. Kept per chain of route
 * ids, the same for every page of a route of this handler's table.
 */
export function matchedRoutesOf(): (matches: StaticHandlerContext['matches']) => StaticRoutes {
  const branches = new Map<string, StaticRoutes>();
  return (matches) => {
    const key = matches.map((match) => match.route.id).join('\u0000');
    let branch = branches.get(key);
    if (!branch) {
      let below: StaticRoutes = [];
      for (const { route } of [...matches].reverse()) {
        below = [route.index ? { ...route } : { ...route, children: below.length > 0 ? below : undefined }];
      }
      branch = below;
      branches.set(key, branch);
    }
    return branch;
  };
}
