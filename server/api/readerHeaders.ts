import type { IncomingHttpHeaders } from 'node:http';

/** The reader's headers that a server-side data call carries, so it runs as the reader. */
const FORWARDED = ['cookie', 'authorization', 'accept-language', 'user-agent', 'x-request-id'] as const;

export interface Reader {
  headers: IncomingHttpHeaders;
  /** The native app's `__token` from the page URL. */
  bearerToken?: string | null;
  /** The client's address (`req.ip`): an injected call carries it as `X-Forwarded-For`, which the in-process app trusts. */
  ip?: string;
  /** Reads made for the render cache's anonymous copy of a page, not for a reader: they count no page view and record no referral. */
  uncounted?: boolean;
}

export function readerHeaders(reader: Reader): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = reader.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (reader.bearerToken) headers.authorization = `Bearer ${reader.bearerToken}`;
  if (reader.ip) headers['x-forwarded-for'] = reader.ip;
  return headers;
}
