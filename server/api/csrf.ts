import type { RequestHandler } from 'express';
import { ApiError } from './errors';
import { CSRF_COOKIE, CSRF_HEADER, VALID_CSRF_TOKEN } from './cookies';
import { secretsEqual } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * DRF's CSRF rule: every unsafe call not authenticated by a Bearer token (cookie
 * sessions and anonymous calls alike) carries `X-CSRFToken` equal to the cookie.
 */
export function csrfProtection(): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.auth?.via === 'token') {
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
  };
}
