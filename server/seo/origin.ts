/** What an origin is read from: the scheme Express reads (`req.protocol`, trusted proxies considered) and the headers. */
export interface OriginRequest {
  protocol: string;
  headers: { host?: string | undefined };
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin absolute links are built on when `PUBLIC_ORIGIN` is not set (development):
 * the request's scheme and Host, if the Host is a plain host name; otherwise localhost.
 * Production sets `PUBLIC_ORIGIN`, so a forged Host never reaches a page (decision 008).
 */
export function requestOrigin(req: OriginRequest): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `${req.protocol}://${host.toLowerCase()}` : 'http://localhost';
}

/** `PUBLIC_ORIGIN`, else the request's own origin. */
export function siteOriginFor(publicOrigin: string | undefined, req: OriginRequest): string {
  return publicOrigin ?? requestOrigin(req);
}
