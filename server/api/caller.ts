import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { headersWithoutCredentials } from './auth';
import type { Reader } from './readerHeaders';

/**
 * The proxies whose X-Forwarded-For is believed: one on this machine. The site (server/app.ts)
 * and the API the pages call in process (server/api/inProcessApp.ts) both trust them, so the
 * reader's address a page passes on is the address its data calls are counted against.
 */
export const TRUSTED_PROXY = 'loopback';

/** What an in-process data call's socket says: the trusted proxy that passes the reader's address on. */
export const IN_PROCESS_PEER = '127.0.0.1';

/**
 * Who made a request, by address: the reader behind the trusted proxy (Express's `req.ip`).
 * The one answer the rate limits (`rateLimitKey`), the SMS code limits and the pages' data
 * calls (`readerOf`) all use.
 */
export function callerAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** What a rate limit counts a request against: its caller's address, an IPv6 one by its /56 network (express-rate-limit's default). */
export function rateLimitKey(req: Request): string {
  return ipKeyGenerator(callerAddress(req));
}

/**
 * The reader a page's data calls run as, in process or to an upstream: their cookies or
 * the native app's `__token` (the account), and their address (the rate limits).
 */
export function readerOf(req: Request): Reader {
  return { headers: req.headers, bearerToken: bearerFromQuery(req), ip: callerAddress(req) };
}

/** The same reader signed out, for the anonymous copy of a page shared with them: their address, no credentials. */
export function anonymousReaderOf(req: Request): Reader {
  return { headers: headersWithoutCredentials(req.headers), ip: callerAddress(req), uncounted: true };
}

/** The native app opens pages with `__token`; the server renders them as that account. */
function bearerFromQuery(req: Request): string | null {
  return typeof req.query.__token === 'string' ? req.query.__token : null;
}
