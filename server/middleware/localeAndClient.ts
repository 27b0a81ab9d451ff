import type { RequestHandler, Response } from 'express';
import { detectClientType, type ClientType } from '../../shared/clientType';
import { yearLongCookie } from '../api/cookies';
import { LANG_COOKIE, LANG_PARAM, normaliseLocaleTag, type Locale } from '../../shared/locale';
import { detectLocale } from '../../shared/localeDetection';

/** What a request says of its reader: language, client, and a new language choice to remember. */
export interface ReaderContext {
  locale: Locale;
  clientType: ClientType;
  /** A `__lang` choice that differs from the remembered one: it goes into the cookie. */
  remember: Locale | null;
}

/** Locale (docs/specification/shell.md §9) and client type, once per request; a `__lang` choice is remembered in a cookie. */
export function localeAndClient(options: { secure: boolean }): RequestHandler {
  return (req, res, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const cookie = cookies?.[LANG_COOKIE];
    const param = req.query[LANG_PARAM];
    const context = readerContext({
      langParam: typeof param === 'string' ? param : null,
      langCookie: typeof cookie === 'string' ? cookie : null,
      acceptLanguage: req.headers['accept-language'],
      userAgent: req.headers['user-agent'],
    });
    applyReaderContext(res, context, options.secure);
    next();
  };
}

/** What a request says of its language and client: the `__lang` parameter, the cookie, two headers. */
export interface ReaderInputs {
  langParam: string | null;
  langCookie: string | null;
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
}

/** Reads the reader's context without touching the response (the render cache's hits read the cookie themselves). */
export function readerContext(inputs: ReaderInputs): ReaderContext {
  const chosen = normaliseLocaleTag(inputs.langParam);
  return {
    locale: detectLocale({ query: inputs.langParam, cookie: inputs.langCookie, acceptLanguage: inputs.acceptLanguage }),
    clientType: detectClientType(inputs.userAgent),
    remember: chosen && chosen !== normaliseLocaleTag(inputs.langCookie) ? chosen : null,
  };
}

export function applyReaderContext(res: Response, context: ReaderContext, secure: boolean): void {
  res.locals.locale = context.locale;
  res.locals.clientType = context.clientType;
  if (context.remember) res.append('Set-Cookie', yearLongCookie(LANG_COOKIE, context.remember, secure));
  res.vary('Accept-Language');
  res.vary('Cookie');
}
