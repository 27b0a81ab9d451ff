import type { Request as ExpressRequest } from 'express';

/**
 * The Fetch API request the router's static handler takes. The origin is ours,
 * never the Host header, so a forged host cannot shape redirects.
 */
export function toFetchRequest(req: ExpressRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Concatenated, not resolved: a path like `//other.host/x` must stay a path on our origin.
  return new Request(new URL(`${origin}${req.originalUrl}`), { method: 'GET', headers, signal });
}
