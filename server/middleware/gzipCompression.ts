import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * gzip for dynamic responses. `compression` always prefers brotli when offered, which
 * doubles the CPU for no gain on HTML, so brotli is dropped from the request first
 * (the original header is kept for the pre-compressed static files). React flushes
 * through `res.flush()`, so streaming survives.
 */
export function gzipCompression(): RequestHandler[] {
  const dropBrotli: RequestHandler = (req, res, next) => {
    const original = req.headers['accept-encoding'] ?? '';
    res.locals.acceptEncoding = original;
    req.headers['accept-encoding'] = original
      .split(',')
      .filter((part) => part.trim().split(';')[0]?.trim().toLowerCase() !== 'br')
      .join(',');
    next();
  };
  // zlib's full 32 kB window: a page's snapshot repeats its article's HTML about 20 kB further
  // on, which a smaller window cannot reach (an 8 kB window made a signed-in article page 47 %
  // larger and cost twice the CPU: long matches are cheap). Level 3, zlib's fast strategy: a
  // quarter of level 5's CPU on that page for 7 % more bytes. Memory level 7: the same bytes in
  // 64 kB less per response than zlib's 8 (decision 045).
  // Never an event stream: gzip would hold its events back until a buffer fills (decision 046).
  const filter = (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res);
  return [dropBrotli, compression({ level: 3, memLevel: 7, filter })];
}
