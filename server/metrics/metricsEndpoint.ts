import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';

/** GET /metrics for a scraper with `Authorization: Bearer <token>`; 401 without the right token. */
export function metricsEndpoint(registry: Registry, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res, next) => {
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    // Compared as digests, so neither the length nor the content leaks through timing.
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
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

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
