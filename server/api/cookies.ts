import type { CookieOptions, Response } from 'express';
import { newSecret } from './tokens';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

export const VALID_CSRF_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

export function setSessionCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, { ...base(secure), httpOnly: true, maxAge: SESSION_TTL_MS });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { ...base(secure), httpOnly: true });
}

/** A fresh `csrftoken` cookie, readable by scripts (they copy it into `X-CSRFToken`). */
export function issueCsrfCookie(res: Response, secure: boolean): string {
  const token = newSecret(24);
  res.cookie(CSRF_COOKIE, token, { ...base(secure), httpOnly: false, maxAge: ONE_YEAR_MS });
  return token;
}

function base(secure: boolean): CookieOptions {
  return { path: '/', sameSite: 'lax', secure };
}
