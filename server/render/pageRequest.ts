import type { Request as ExpressRequest } from 'express';

/**
 * The Fetch request the page's loaders get: its address on our origin, never the Host header's,
 * so a forged host cannot shape redirects. No headers: no loader reads one (the data calls carry
 * the reader's, server/api/readerHeaders.ts). No abort signal either: no loader reads one, and a
 * Request following a signal costs five times a plain one (a reader who leaves is noticed when the
 * page is written).
 */
export function pageRequestOf(req: ExpressRequest, origin: string): Request {
  // Concatenated, not resolved: a path like `//other.host/x` must stay a path on our origin.
  return new Request(new URL(`${origin}${req.originalUrl}`).href);
}
