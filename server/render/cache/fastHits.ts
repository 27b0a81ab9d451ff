import { BoundedMemo } from '../../../shared/boundedMemo';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientClass, type ClientShell } from '../../../shared/clientType';
import { cookieFromHeader } from '../../../shared/cookieHeader';
import { isCrawler } from '../../../shared/crawler';
import { LANG_COOKIE } from '../../../shared/locale';
import { readingScriptOf, SCRIPT_COOKIE } from '../../../shared/readingScript';
import { CSRF_COOKIE, csrfCookieHeader, SESSION_COOKIE, VALID_CSRF_TOKEN, yearLongCookie } from '../../api/cookies';
import { newSecret } from '../../security/secrets';
import type { Logger } from '../../logger';
import { readerContext, type ReaderContext } from '../../middleware/localeAndClient';
import { REQUEST_ID_HEADER, requestIdOf } from '../../middleware/requestLogging';
import { cachedLangOf, MAX_URL, type RenderCache } from './renderCache';

/** Paths that are never a page: the API, the build's assets, uploads, fonts. */
const NOT_PAGES = /^\/(?:api|static|media|fonts)\//;
/** Distinct (language, client) inputs whose context is kept: a handful in practice. */
const KNOWN_CONTEXTS = 500;

export interface FastHitOptions {
  secure: boolean;
  /** The security headers of a page without inline script, by client shell, as name and value pairs (server/middleware/securityHeaders.ts). */
  securityHeaders: (shell: ClientShell) => readonly string[];
  /** The origin a page's absolute links use: PUBLIC_ORIGIN, or the request's own (seo/origin.ts). */
  originOf: (req: IncomingMessage) => string;
  /** The client's address as Express reads it (`req.ip`): who an article page's anonymous read is from (frontDoor.ts). */
  addressOf: (req: IncomingMessage) => string | undefined;
  logger: Logger;
}

/** Answers a request before Express sees it, or declines (false); `rest` hands a taken request on after all. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse, rest: () => void) => boolean;

/**
 * Render-cache hits answered before Express: no prototype swap, no router, no
 * middleware, no access-log line at info level, no nonce (a cached page has no inline
 * script), no file-system call. What a hit needs it does here, as the full stack would:
 * the request id, the fixed security headers, the reader's language, client and Chinese script (the key),
 * a remembered language choice, the CSRF cookie when missing, and the freshness check of the
 * content-change log. A reader with credentials, any query beyond `__lang`, a page not held,
 * or anything in doubt declines, and the full stack answers as before.
 */
export function renderCacheHits(cache: RenderCache, options: FastHitOptions): FrontHandler {
  const contexts = new BoundedMemo<string, ReaderContext & { crawler: boolean }>(KNOWN_CONTEXTS);
  return (req, res, rest) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    if (url.length > MAX_URL) return false;
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    if (NOT_PAGES.test(path)) return false;
    const lang = mark < 0 ? undefined : cachedLangOf(url.slice(mark + 1));
    if (lang === null) return false;
    const { headers } = req;
    const cookies = headers.cookie;
    if (headers.authorization || cookieFromHeader(cookies, SESSION_COOKIE)) return false;

    const langCookie = cookieFromHeader(cookies, LANG_COOKIE);
    const inputs = { langParam: lang ?? null, langCookie, acceptLanguage: headers['accept-language'], userAgent: headers['user-agent'] };
    const known = `${inputs.langParam}\n${langCookie}\n${inputs.acceptLanguage}\n${inputs.userAgent}`;
    const context = contexts.get(known, () => ({ ...readerContext(inputs), crawler: isCrawler(inputs.userAgent) }));
    const script = readingScriptOf(cookieFromHeader(cookies, SCRIPT_COOKIE));
    const key = cache.keyFor(options.originOf(req), context.locale, clientClass(context.clientType), context.crawler, script, path, lang);
    if (!cache.pages.has(key)) return false;

    const reader = context;
    cache.freshHit(key).then(
      (page) => {
        if (!page) return rest();
        const id = requestIdOf(req);
        const head: string[] = [REQUEST_ID_HEADER, id];
        for (const part of options.securityHeaders(reader.clientType.shell)) head.push(part);
        head.push('Vary', 'Accept-Language, Cookie, Accept-Encoding');
        const csrf = cookieFromHeader(cookies, CSRF_COOKIE);
        const setCookies: string[] = [];
        if (reader.remember) setCookies.push(yearLongCookie(LANG_COOKIE, reader.remember, options.secure));
        if (csrf === null || !VALID_CSRF_TOKEN.test(csrf)) setCookies.push(csrfCookieHeader(newSecret(24), options.secure));
        for (const cookie of setCookies) head.push('Set-Cookie', cookie);
        cache.sendHit(req, res, page, head, options.addressOf(req));
        if (options.logger.isLevelEnabled('debug'))
          options.logger.debug({ req: { id, method: req.method, url: req.url }, res: { statusCode: res.statusCode } }, 'render cache hit');
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'the content-change log could not be read');
        rest();
      },
    );
    return true;
  };
}
