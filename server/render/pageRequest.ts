import type { Request as ExpressRequest } from 'express';
import type { PageRequest } from '../../client/routing/router';

/**
 * What the page's loaders get of the request: its address on our origin, never the Host
 * header's, so a forged host cannot shape redirects, and the signal that aborts when the
 * reader leaves. No loader reads a header (the data calls carry the reader's,
 * server/api/readerHeaders.ts). A plain object: a Fetch `Request` per page cost 1.3 % of its CPU.
 */
export function pageRequestOf(req: ExpressRequest, origin: string, signal: AbortSignal): PageRequest {
  // Concatenated, not resolved: a path like `//other.host/x` must stay a path on our origin.
  return { url: new URL(`${origin}${req.originalUrl}`).href, signal };
}
