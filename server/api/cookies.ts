import type { CookieOptions, Response } from 'express';
import { SESSION_TTL_MS } from '../accounts/sessionLifetime';
import { newSecret } from '../security/secrets';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
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
  res.append('Set-Cookie', csrfCookieHeader(token, secure));
  return token;
}

/** The `Set-Cookie` value of a new CSRF token (the render cache's hits write it without Express). */
export function csrfCookieHeader(token: string, secure: boolean): string {
  return yearLongCookie(CSRF_COOKIE, token, secure);
}

/**
 * A cookie kept for a year, readable by scripts, as `res.cookie` would write it
 * (the `cookie` package's order: Max-Age, Path, Expires, Secure, SameSite).
 */
export function yearLongCookie(name: string, value: string, secure: boolean, now = Date.now()): string {
  const expires = expiresIn(ONE_YEAR_MS, now);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${ONE_YEAR_MS / 1000}; Path=/; Expires=${expires}${secure ? '; Secure' : ''}; SameSite=Lax`;
}

function base(secure: boolean): CookieOptions {
  return { path: '/', sameSite: 'lax', secure };
}

/** The last Expires date written, by its second: a date is written the same for a whole second, and formatting one costs a cached page's hit a microsecond. */
let lastExpires = { second: Number.NaN, text: '' };

function expiresIn(ms: number, now: number): string {
  const second = Math.floor((now + ms) / 1000);
  if (second !== lastExpires.second) lastExpires = { second, text: new Date(second * 1000).toUTCString() };
  return lastExpires.text;
}
