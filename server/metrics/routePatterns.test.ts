import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { routePatterns } from './routePatterns';

const ok: express.RequestHandler = (_req, res) => {
  res.end();
};

/** The route object Express made for the last route declared on `router`. */
function lastRoute(router: Router): object {
  const layer: unknown = router.stack.at(-1);
  const route = typeof layer === 'object' && layer !== null && 'route' in layer ? layer.route : undefined;
  if (typeof route !== 'object' || route === null) throw new Error('no route');
  return route;
}

describe('routePatterns', () => {
  it('joins each mount’s pattern as written, parameters and all', () => {
    const shares = Router({ mergeParams: true });
    shares.get('/', ok);
    const list = lastRoute(shares);
    shares.delete('/:code/', ok);
    const revoke = lastRoute(shares);
    const articles = Router();
    articles.use('/:id/share_codes', shares);
    articles.get('/:id/', ok);
    const article = lastRoute(articles);
    const api = Router();
    api.use(express.json());
    api.use('/articles', articles);
    const app = express();
    app.use('/api', api);
    app.get('/healthz', ok);
    const health = lastRoute(app.router);

    const patterns = routePatterns(app.router);
    expect(patterns.get(list)).toBe('/api/articles/:id/share_codes/');
    expect(patterns.get(revoke)).toBe('/api/articles/:id/share_codes/:code/');
    expect(patterns.get(article)).toBe('/api/articles/:id/');
    expect(patterns.get(health)).toBe('/healthz');
  });

  it('names no route reached by two patterns, or by a path that is not a string', () => {
    const shared = Router();
    shared.get('/x/', ok);
    const twice = lastRoute(shared);
    const app = express();
    app.use('/one', shared);
    app.use('/two', shared);
    const inner = Router();
    inner.get('/y/', ok);
    const underRegExp = lastRoute(inner);
    app.use(/^\/re(?:gex)?/, inner);
    app.get(['/a/', '/b/'], ok);
    const listed = lastRoute(app.router);

    const patterns = routePatterns(app.router);
    expect(patterns.get(twice)).toBeNull();
    expect(patterns.get(underRegExp)).toBeNull();
    expect(patterns.get(listed)).toBeNull();
  });
});
