import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { bearerTokenCheck } from './bearerToken';

/** GET /metrics for a scraper with `Authorization: Bearer <token>`; 401 without the right token. */
export function metricsEndpoint(registry: Registry, token: string): RequestHandler {
  const authorised = bearerTokenCheck(token);
  return async (req, res, next) => {
    if (!authorised(req)) {
      res.status(401).set({ 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' }).type('text/plain').send('Unauthorized');
      return;
    }
    try {
      const text = await registry.metrics();
      res.status(200).set({ 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).send(text);
    } catch (error) {
      next(error);
    }
  };
}
