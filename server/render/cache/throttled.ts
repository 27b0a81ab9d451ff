import type { ServerResponse } from 'node:http';

/** A page view refused for its address's limit (server/security/pageViewReaders.ts): 429 after the headers in `head`. */
export function writeThrottled(res: ServerResponse, head: string[], retryAfterS: number): void {
  const body = `Too many page views from this address. Try again in ${retryAfterS} seconds.\n`;
  head.push('Retry-After', String(retryAfterS), 'Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store');
  head.push('Content-Length', String(Buffer.byteLength(body)));
  res.writeHead(429, head);
  res.end(body);
}
