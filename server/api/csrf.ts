import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './errors';
import { CSRF_COOKIE, CSRF_HEADER, VALID_CSRF_TOKEN } from './cookies';
import { secretsEqual } from '../security/secrets';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * DRF's CSRF rule: every unsafe call not authenticated by a Bearer token (cookie
 * sessions and anonymous calls alike) carries `X-CSRFToken` equal to the cookie.
 */
export function csrfProtection(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    csrfCheck(req, res, next);
  };
}

/**
 * For the few GETs of the contract that change something (sign-out, starting a provider
 * payment): a link or image on another site must not trigger them. The browser's own
 * `Sec-Fetch-Site: same-origin` proves the call came from our pages; without it (an older
 * browser) the call needs the CSRF token as an unsafe method does. Our client sends it on
 * every call; a Bearer-token caller cannot be forged by another site.
 */
export function sameOriginGet(): RequestHandler {
  return (req, res, next) => {
    if (req.headers['sec-fetch-site'] === 'same-origin') {
      next();
      return;
    }
    csrfCheck(req, res, next);
  };
}

/** The token in `X-CSRFToken` equals the cookie, unless a Bearer token authenticates the call. */
function csrfCheck(req: Request, _res: Response, next: NextFunction): void {
  if (req.auth?.via === 'token') {
    next();
    return;
  }
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const cookie = cookies?.[CSRF_COOKIE];
  if (typeof cookie !== 'string' || !VALID_CSRF_TOKEN.test(cookie)) {
    next(ApiError.detail(403, 'CSRF Failed: CSRF cookie not set.'));
    return;
  }
  const header = req.headers[CSRF_HEADER];
  if (typeof header !== 'string' || header === '') {
    next(ApiError.detail(403, 'CSRF Failed: CSRF token missing.'));
    return;
  }
  if (!secretsEqual(header, cookie)) {
    next(ApiError.detail(403, 'CSRF Failed: CSRF token incorrect.'));
    return;
  }
  next();
}
