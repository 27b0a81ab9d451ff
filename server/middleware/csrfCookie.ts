import type { RequestHandler } from 'express';
import { CSRF_COOKIE, issueCsrfCookie, VALID_CSRF_TOKEN } from '../api/cookies';

/** Every HTML response carries a `csrftoken` cookie (in the header, never in the page body). */
export function csrfCookie(options: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const current = cookies?.[CSRF_COOKIE];
    if (typeof current !== 'string' || !VALID_CSRF_TOKEN.test(current)) issueCsrfCookie(res, options.secure);
    next();
  };
}
