import type { Request as ExpressRequest } from 'express';

/**
 * The Fetch request the page's loaders get: its address on our origin, never the Host header's,
 * so a forged host cannot shape redirects, and the signal that aborts when the reader leaves.
 * No headers: no loader reads one (the data calls carry the reader's, server/api/readerHeaders.ts).
 */
export function pageRequestOf(req: ExpressRequest, origin: string, signal: AbortSignal): Request {
  // Concatenated, not resolved: a path like `//other.host/x` must stay a path on our origin.
  return new Request(new URL(`${origin}${req.originalUrl}`).href, { signal });
}
