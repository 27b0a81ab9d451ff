import type { Request, RequestHandler, Response } from 'express';
import { detectClientType, type ClientType } from '../../shared/clientType';
import { detectLocale, LANG_COOKIE, LANG_PARAM, normaliseLocaleTag, type Locale } from '../../shared/locale';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** What a request says of its reader: language, client, and a new language choice to remember. */
export interface ReaderContext {
  locale: Locale;
  clientType: ClientType;
  /** A `__lang` choice that differs from the remembered one: it goes into the cookie. */
  remember: Locale | null;
}

/** Locale (seed 000 §9) and client type, once per request; a `__lang` choice is remembered in a cookie. */
export function localeAndClient(options: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const cookie = typeof cookies?.[LANG_COOKIE] === 'string' ? cookies[LANG_COOKIE] : null;
    applyReaderContext(res, readerContext(req, cookie), options.secure);
    next();
  };
}

/** Reads the reader's context without touching the response (the render cache's fast path reads the cookie itself). */
export function readerContext(req: Request, langCookie: string | null): ReaderContext {
  const query = typeof req.query[LANG_PARAM] === 'string' ? req.query[LANG_PARAM] : null;
  const chosen = normaliseLocaleTag(query);
  return {
    locale: detectLocale({ query, cookie: langCookie, acceptLanguage: req.headers['accept-language'] }),
    clientType: detectClientType(req.headers['user-agent']),
    remember: chosen && chosen !== normaliseLocaleTag(langCookie) ? chosen : null,
  };
}

export function applyReaderContext(res: Response, context: ReaderContext, secure: boolean): void {
  res.locals.locale = context.locale;
  res.locals.clientType = context.clientType;
  if (context.remember) res.cookie(LANG_COOKIE, context.remember, { path: '/', maxAge: ONE_YEAR_MS, sameSite: 'lax', secure });
  res.vary('Accept-Language');
  res.vary('Cookie');
}
