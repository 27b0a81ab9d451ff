import type { Request as ExpressRequest } from 'express';

/**
 * The Fetch API request the router's static handler takes. The origin is ours,
 * never the Host header, so a forged host cannot shape redirects. No loader reads a
 * header (the data calls carry the reader's, server/api/readerHeaders.ts), so none are
 * copied: that was 2 % of a page's CPU.
 */
export function toFetchRequest(req: ExpressRequest, origin: string, signal: AbortSignal): Request {
  // Concatenated, not resolved: a path like `//other.host/x` must stay a path on our origin.
  return new Request(new URL(`${origin}${req.originalUrl}`), { method: 'GET', signal });
}
