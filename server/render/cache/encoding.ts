import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedMemo } from '../../../shared/boundedMemo';
import type { CachedPage } from './page';

/** The stored encoding a request accepts best: brotli, gzip, or the plain bytes. */
export function pickEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** Whether a request accepts gzip (or any encoding). */
export function acceptsGzip(acceptEncoding: string): boolean {
  return acceptedEncodings(acceptEncoding).gzip;
}

/** Accept-Encoding values already read: browsers send a handful, and each hit would parse one again. */
const knownEncodings = new BoundedMemo<string, Readonly<{ br: boolean; gzip: boolean }>>(100);
/** Longer values are read each time: a browser's is short, and the memo holds no client's kilobytes. */
const KNOWN_ENCODING_LENGTH = 200;

function acceptedEncodings(acceptEncoding: string): Readonly<{ br: boolean; gzip: boolean }> {
  if (acceptEncoding.length > KNOWN_ENCODING_LENGTH) return parseAcceptEncoding(acceptEncoding);
  return knownEncodings.get(acceptEncoding, () => parseAcceptEncoding(acceptEncoding));
}

function parseAcceptEncoding(acceptEncoding: string): { br: boolean; gzip: boolean } {
  const accepted = { br: false, gzip: false };
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    const name = token?.trim();
    if (name === 'br') accepted.br = true;
    if (name === 'gzip' || name === '*') accepted.gzip = true;
  }
  return accepted;
}

export function bodyIn(page: CachedPage, encoding: 'br' | 'gzip' | null): Buffer {
  return encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
}

/** If-None-Match with our (weak) ETag, compared weakly as RFC 9110 says for GET. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Writes a stored page after the headers in `head` (name, value, name, value…): 304 for
 * its ETag, else the best stored encoding the request accepts, at once and whole.
 */
export function writeCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, head: string[], acceptEncoding: string): void {
  head.push('Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'no-cache', 'ETag', page.etag);
  if (notModified(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, head);
    res.end();
    return;
  }
  const encoding = pickEncoding(acceptEncoding);
  const body = bodyIn(page, encoding);
  if (encoding) head.push('Content-Encoding', encoding);
  head.push('Content-Length', String(body.length));
  res.writeHead(200, head);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
