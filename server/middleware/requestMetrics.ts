import type { Express, Request, RequestHandler, Response } from 'express';
import type { Histogram } from 'prom-client';
import { routePatterns } from '../metrics/routePatterns';

/** Where a handler names what it served when its Express route says too little (a page's route id). */
export const ROUTE_LABEL = 'metricsRoute';

const STARTED = Symbol('metricsStarted');
const ROUTE = Symbol('route');
const ROUTE_NAME = Symbol('routeName');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const OTHER_METHOD = METHODS.length;
/** The label of a route no single pattern names (a RegExp path, a router mounted twice): never a URL. */
export const UNNAMED_ROUTE = 'unnamed route';
/** Status classes 1xx to 5xx, and anything else. */
const CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

type Timed = Response & { [STARTED]?: number };
type Named = Request & { [ROUTE]?: unknown; [ROUTE_NAME]?: string };
type Observer = (seconds: number) => void;
type Labels = 'route' | 'method' | 'code';

/**
 * Times every response Express handles into `histogram` by route, method and status class. The
 * route is the page's route id or the API route's pattern, never the raw URL. Per request: one
 * clock read, a 'finish' listener and the observe; the label sets are made once each.
 */
export function requestMetrics(app: Express, histogram: Histogram<Labels>): RequestHandler {
  const observers = new Map<string, Array<Observer | undefined>>();
  nameRoutesOnMatch(app);

  function observerFor(route: string, method: string, status: number): Observer {
    let row = observers.get(route);
    if (!row) {
      row = [];
      observers.set(route, row);
    }
    const methodIndex = METHODS.indexOf(method as (typeof METHODS)[number]);
    const m = methodIndex < 0 ? OTHER_METHOD : methodIndex;
    const c = status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
    const slot = m * CLASSES.length + c;
    let observer = row[slot];
    if (!observer) {
      const child = histogram.labels({ route, method: METHODS[m] ?? 'other', code: CLASSES[c] ?? 'other' });
      observer = (seconds) => child.observe(seconds);
      row[slot] = observer;
    }
    return observer;
  }

  function routeOf(req: Request, res: Response): string {
    const named: unknown = res.locals[ROUTE_LABEL];
    if (typeof named === 'string') return named;
    const name = (req as Named)[ROUTE_NAME];
    if (name !== undefined) return name;
    // The original URL: a router that answered keeps its own, stripped, req.url.
    const path = req.originalUrl;
    if (path.startsWith('/static/')) return 'static';
    if (path.startsWith('/media/')) return 'media';
    if (path.startsWith('/api/')) return 'api (unmatched)';
    return 'other';
  }

  function finished(this: Response): void {
    const res = this as Timed;
    const started = res[STARTED];
    if (started === undefined) return;
    observerFor(routeOf(res.req, res), res.req.method, res.statusCode)((performance.now() - started) / 1000);
  }

  return (_req, res, next) => {
    (res as Timed)[STARTED] = performance.now();
    res.once('finish', finished);
    next();
  };
}

/**
 * Names the route a request matched with its full pattern (`/api/articles` + `/:id/share_codes`
 * + `/`, server/metrics/routePatterns.ts) when the router matches it: at the end of the request
 * `req.baseUrl` may already be a parent's again (an error passed on), and it holds the values a
 * mount's parameters matched, never a pattern. Express's routers assign `req.route`: the app's
 * request prototype gets an accessor for it. Each route's name is made once; the routers are
 * read again when a route appears that was not there the last time.
 */
function nameRoutesOnMatch(app: Express): void {
  const names = new WeakMap<object, string>();
  let patterns = new Map<object, string | null>();
  const nameOf = (route: object): string => {
    // The catch-all page routes: the SSR names the page itself (ROUTE_LABEL), a render-cache hit stays 'page'.
    if ('path' in route && route.path === '/{*splat}') return 'page';
    if (!patterns.has(route)) patterns = routePatterns(app.router);
    return patterns.get(route) ?? UNNAMED_ROUTE;
  };
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    get(this: Named): unknown {
      return this[ROUTE];
    },
    set(this: Named, route: unknown) {
      this[ROUTE] = route;
      if (typeof route !== 'object' || route === null) return;
      let name = names.get(route);
      if (name === undefined) {
        name = nameOf(route);
        names.set(route, name);
      }
      this[ROUTE_NAME] = name;
    },
  });
}
