import type { Request } from 'express';
import { cookieFromHeader } from '../../shared/cookieHeader';
import { LANG_COOKIE, LANG_PARAM, textLocale, type TextLocale } from '../../shared/locale';
import { detectLocale } from '../../shared/localeDetection';

/**
 * The language of the reader's texts for an API call: the API runs before the pages' locale
 * middleware (server/middleware/localeAndClient.ts), so it reads the same inputs itself.
 */
export function readerLocale(req: Request): TextLocale {
  const param = req.query[LANG_PARAM];
  return textLocale(
    detectLocale({
      query: typeof param === 'string' ? param : null,
      cookie: cookieFromHeader(req.headers.cookie, LANG_COOKIE),
      acceptLanguage: req.headers['accept-language'],
    }),
  );
}
