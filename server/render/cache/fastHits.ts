import type { Request, RequestHandler } from 'express';
import { cookieFromHeader } from '../../../shared/cookieHeader';
import { LANG_COOKIE } from '../../../shared/locale';
import { CSRF_COOKIE, issueCsrfCookie, VALID_CSRF_TOKEN } from '../../api/cookies';
import type { Logger } from '../../logger';
import { applyReaderContext, readerContext } from '../../middleware/localeAndClient';
import { REQUEST_ID_HEADER, requestIdOf } from '../../middleware/requestLogging';
import type { RenderCache } from './renderCache';

/** Paths that are never a page: the API, the build's assets, uploads, fonts. */
const NOT_PAGES = /^\/(?:api|static|media|fonts)\//;

export interface FastHitOptions {
  /** The backend's own rule (bringsNoCredentials): the same the full stack's cache middleware uses. */
  isAnonymous: (req: Request) => boolean;
  secure: boolean;
  /** The security headers of a page without inline script, by user agent (securityHeaders.ts). */
  securityHeaders: (userAgent: string | undefined) => Readonly<Record<string, string>>;
  logger: Logger;
}

/**
 * Render-cache hits answered first, before the middleware they do not use (issue 15): no
 * access-log line at info level, no nonce (a cached page has no inline script), no cookie
 * parser, no file-system call, no router. What a hit needs it does here: the request id, the
 * fixed security headers, the reader's language and client (the key), the CSRF cookie when
 * missing, and the freshness check of the content-change log. A signed-in reader, a page not
 * held, or anything in doubt goes on to the full stack, which answers as before.
 */
export function renderCacheHits(cache: RenderCache, options: FastHitOptions): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(req.path)) return next();
    if (!options.isAnonymous(req)) return next();
    const cookies = req.headers.cookie;
    const context = readerContext(req, cookieFromHeader(cookies, LANG_COOKIE));
    res.locals.locale = context.locale;
    res.locals.clientType = context.clientType;
    const key = cache.keyOf(req, res, true);
    if (key === null || !cache.pages.has(key)) return next();

    cache.freshHit(key).then(
      (page) => {
        if (!page) return next();
        const id = requestIdOf(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        res.set(options.securityHeaders(req.headers['user-agent']));
        applyReaderContext(res, context, options.secure);
        const csrf = cookieFromHeader(cookies, CSRF_COOKIE);
        if (csrf === null || !VALID_CSRF_TOKEN.test(csrf)) issueCsrfCookie(res, options.secure);
        cache.sendHit(req, res, page);
        if (options.logger.isLevelEnabled('debug')) options.logger.debug({ req: { id, method: req.method, url: req.url }, res: { statusCode: res.statusCode } }, 'render cache hit');
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'the content-change log could not be read');
        next();
      },
    );
  };
}
