/** A route reached by more than one pattern, or by a path that is not a string (a RegExp, a list). */
const UNKNOWN = null;

/**
 * The full pattern of every Express route under `router`, as written where it was mounted and
 * declared (`/api/articles` + `/:id/share_codes` + `/`), keyed by the route object Express puts
 * on `req.route`. Read from the routers' stacks (Express 5's router keeps each layer's path as
 * written in `rawPath`), never from a request: a request's `baseUrl` holds the values the
 * mount's parameters matched (an article's id), not the pattern. A route no pattern names
 * alone maps to null.
 */
export function routePatterns(router: unknown): Map<object, string | null> {
  const found = new Map<object, string | null>();
  walk(router, '', found, new Set());
  return found;
}

function walk(router: unknown, prefix: string | null, found: Map<object, string | null>, seen: Set<object>): void {
  const stack = stackOf(router);
  if (!stack || seen.has(stack)) return;
  seen.add(stack);
  for (const layer of stack) {
    if (!isObject(layer)) continue;
    const route = layer.route;
    if (isObject(route)) {
      const pattern = prefix !== null && typeof route.path === 'string' ? prefix + route.path : UNKNOWN;
      found.set(route, found.has(route) && found.get(route) !== pattern ? UNKNOWN : pattern);
      continue;
    }
    const mount = layer.rawPath;
    walk(layer.handle, prefix !== null && typeof mount === 'string' ? prefix + (mount === '/' ? '' : mount) : UNKNOWN, found, seen);
  }
  seen.delete(stack);
}

function stackOf(router: unknown): readonly unknown[] | null {
  if (typeof router !== 'function' && !isObject(router)) return null;
  const { stack } = router as { stack?: unknown };
  return Array.isArray(stack) ? stack : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
