import type { RequestHandler } from 'express';
import { detectClientType } from '../../shared/clientType';
import { detectLocale, LANG_COOKIE, LANG_PARAM, normaliseLocaleTag } from '../../shared/locale';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** Locale (seed 000 §9) and client type, once per request; a `__lang` choice is remembered in a cookie. */
export function localeAndClient(options: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const query = typeof req.query[LANG_PARAM] === 'string' ? req.query[LANG_PARAM] : null;
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const cookie = typeof cookies?.[LANG_COOKIE] === 'string' ? cookies[LANG_COOKIE] : null;
    res.locals.locale = detectLocale({ query, cookie, acceptLanguage: req.headers['accept-language'] });
    res.locals.clientType = detectClientType(req.headers['user-agent']);

    const chosen = normaliseLocaleTag(query);
    if (chosen && chosen !== normaliseLocaleTag(cookie)) {
      res.cookie(LANG_COOKIE, chosen, { path: '/', maxAge: ONE_YEAR_MS, sameSite: 'lax', secure: options.secure });
    }
    res.vary('Accept-Language');
    res.vary('Cookie');
    next();
  };
}
