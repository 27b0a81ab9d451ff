import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { clientClass } from '../../../shared/clientType';
import { cookieFromHeader } from '../../../shared/cookieHeader';
import { isCrawler } from '../../../shared/crawler';
import { LANG_PARAM } from '../../../shared/locale';
import { nextQuotaReset } from '../../../shared/pageViewQuota';
import { readingScriptOf, SCRIPT_COOKIE, type ReadingScript } from '../../../shared/readingScript';
import type { PageViewCounter } from '../../content/pageViews';
import type { PageViewReaders } from '../../security/pageViewReaders';
import type { DB } from '../../db/schema';
import type { Logger } from '../../logger';
import { ChangeFeed } from './changeFeed';
import { isCachedRoute, pageDependencies, type PageDependencies, type RenderedPage } from './dependencies';
import { writeCachedPage } from './encoding';
import { PageLru } from './lru';
import { buildCachedPage, type CachedPage, type PageMeta } from './page';
import { sharedLayoutOf } from './sharedParts';
import { writeThrottled } from './throttled';

export interface RenderCacheOptions {
  db: Kysely<DB>;
  now: () => number;
  /** Served article pages count toward their author's page-view quota, once a day per reader. */
  pageViews?: PageViewCounter;
  /** Who a served article page's reader is, and whether their address is over its limit (docs/decisions/059). */
  readers?: PageViewReaders;
  maxBytes?: number;
  /** The bounded staleness of counts (likes, favourites, followers) on a cached page. */
  maxAgeMs?: number;
  /** How often the log is looked at again for late commits, and old rows pruned. */
  sweepMs?: number;
  logger?: Logger;
  /** The origin of absolute links when `PUBLIC_ORIGIN` is unset: part of the key then. */
  originOf: (req: Request) => string;
}

/** A render finished whole, as the cache may keep it. */
export interface RenderedDocument {
  status: number;
  html: string;
  rendered: RenderedPage;
}

/** A request whose render the cache is waiting for. */
export interface CacheSlot {
  key: string;
  generation: number;
  settle: (page: CachedPage | null) => void;
}

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_AGE_MS = 30_000;
const PRUNE_AFTER_MS = 10 * 60_000;
/**
 * The one query parameter a cached page may carry: a language choice, and only one of
 * the supported locales as the footer's links write it (the locale is in the key anyway).
 * Any other parameter or value bypasses the cache, so made-up URLs cannot fill or flush it.
 */
const CACHED_LANG_VALUES = new Set<string>(['en', 'zh-CN', 'zh-TW', 'ja']);
export const MAX_URL = 512;

/**
 * The `__lang` value of a query string that holds nothing else (undefined for an empty query),
 * or null when the page may not come from the cache. Parsed as Express parses a query, so the
 * hits answered before Express and the full stack agree on what a URL says.
 */
export function cachedLangOf(search: string): string | undefined | null {
  let lang: string | undefined;
  for (const [name, value] of Object.entries(querystring.parse(search))) {
    if (name !== LANG_PARAM || typeof value !== 'string' || !CACHED_LANG_VALUES.has(value)) return null;
    lang = value;
  }
  return lang;
}

/**
 * The render cache of docs/design.md §3: finished, pre-compressed pages for anonymous readers
 * of the home, article, column and booklet overview pages, keyed by origin, locale,
 * client class, reading script and path with query; dropped when the content under them changes (the
 * content-change log, checked before every answer) and at a deadline.
 */
export class RenderCache {
  readonly pages: PageLru;
  /**
   * Pages answered from the cache (by fastHits.ts or the middleware), renders marked to be kept, and
   * signed-in readers' pages made from a cached one (sharedPages.tsx): plain counts for /metrics.
   */
  readonly counts = { hits: 0, misses: 0, shared: 0 };
  private readonly feed: ChangeFeed;
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private readonly slots = new WeakMap<Response, CacheSlot>();
  private readonly maxAgeMs: number;
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;

  constructor(private readonly options: RenderCacheOptions) {
    this.pages = new PageLru(options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.feed = new ChangeFeed(options.db, (keys) => {
      this.generation += 1;
      this.pages.dropContent(keys);
    });
  }

  /**
   * The page of a hit to answer ahead of the rest of the stack (fastHits.ts), after the
   * freshness check; null when the request goes on (not held, out of date, quota used up).
   */
  async freshHit(key: string): Promise<CachedPage | null> {
    if (!this.pages.has(key)) return null;
    await this.feed.fresh();
    const page = this.pages.get(key, this.options.now());
    if (!page || !this.usable(page, key)) return null;
    return page;
  }

  /**
   * Sends a page freshHit() gave after the headers in `head`, counting the read of the reader at
   * `address` toward its author's quota; 429 instead when that address is over its page-view limit.
   */
  sendHit(req: IncomingMessage, res: ServerResponse, page: CachedPage, head: string[], address: string | undefined): void {
    const wait = this.countView(req, page, address);
    if (wait > 0) {
      writeThrottled(res, head, wait);
      return;
    }
    this.counts.hits += 1;
    head.push('X-Cache', 'hit');
    writeCachedPage(req, res, page, head, req.headers['accept-encoding'] ?? '');
  }

  /** Before the SSR: answers from the cache, or marks the request so its render is stored. */
  middleware(isAnonymous: (req: Request) => boolean): RequestHandler {
    return async (req, res, next) => {
      const key = this.keyOf(req, res, isAnonymous(req));
      if (key === null) {
        res.set('X-Cache', 'bypass');
        next();
        return;
      }
      try {
        await this.feed.fresh();
      } catch (error) {
        this.options.logger?.error({ err: error }, 'the content-change log could not be read');
        this.pages.clear();
        res.set('X-Cache', 'bypass');
        next();
        return;
      }
      const cached = this.pages.get(key, this.options.now());
      if (cached && this.serve(req, res, cached, 'hit', key)) {
        this.counts.hits += 1;
        return;
      }
      const pending = this.inflight.get(key);
      if (pending) {
        const page = await pending;
        if (page && this.serve(req, res, page, 'hit', key)) {
          this.counts.hits += 1;
          return;
        }
        res.set('X-Cache', 'bypass');
        next();
        return;
      }
      if (isCachedRoute(req.path)) {
        this.counts.misses += 1;
        this.open(key, res);
      } else res.set('X-Cache', 'bypass');
      next();
    };
  }

  /** The slot of a request whose complete render the cache waits for (the SSR asks). */
  slotOf(res: Response): CacheSlot | undefined {
    return this.slots.get(res);
  }

  /** After a complete render of a marked request: stores the page when it is one to keep, and answers. */
  async finish(req: Request, res: Response, slot: CacheSlot, status: number, html: string, rendered: RenderedPage): Promise<void> {
    const page = await this.build({ status, html, rendered });
    // Content that changed while it rendered may be missing from it: send it, keep it not.
    const current = page !== null && slot.generation === this.generation;
    if (page && current) this.pages.set(slot.key, page);
    slot.settle(current ? page : null);
    if (res.headersSent || res.destroyed) return;
    if (page) {
      this.serve(req, res, page, current ? 'miss' : 'bypass', null);
      return;
    }
    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Cache': 'bypass' });
    res.end(html);
  }

  /**
   * The page of `key` as `produce` renders it, kept, unless a render of it is under way already
   * (then that one's page): the anonymous copy a signed-in reader's page is made from
   * (sharedPages.tsx). Null when there is nothing to keep or the content changed meanwhile.
   */
  fill(key: string, produce: () => Promise<RenderedDocument | null>): Promise<CachedPage | null> {
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const render = async (): Promise<CachedPage | null> => {
      try {
        const rendered = await produce();
        const page = rendered ? await this.build(rendered) : null;
        if (!page || generation !== this.generation) return null;
        this.counts.misses += 1;
        this.pages.set(key, page);
        return page;
      } catch (error) {
        this.options.logger?.error({ err: error }, 'the anonymous copy of a page could not be rendered');
        return null;
      }
    };
    const promise = render();
    this.inflight.set(key, promise);
    void promise.then(() => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    });
    return promise;
  }

  /** Sweeps the log for late commits and prunes it, every `sweepMs`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.sweep();
    }, this.options.sweepMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async sweep(): Promise<void> {
    try {
      await this.feed.sweep();
      const now = Date.now();
      if (now - this.lastPrune > 60_000) {
        this.lastPrune = now;
        await this.feed.prune(now - PRUNE_AFTER_MS);
      }
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'the content-change log could not be swept');
    }
  }

  /**
   * The key of a page: its origin, the reader's locale and client class, whether a crawler
   * asks (its article images are not deferred), the Chinese script the reader reads in (their
   * `zine_script` cookie: a Chinese article is converted, decision 038), its path with the one
   * query parameter it may carry.
   */
  keyFor(
    origin: string,
    locale: string,
    clientClassName: string,
    crawler: boolean,
    script: ReadingScript | null,
    path: string,
    lang: string | undefined,
  ): string {
    return `${origin} ${locale} ${clientClassName}${crawler ? ' crawler' : ''}${script ? ` ${script}` : ''} ${lang === undefined ? path : `${path}?${LANG_PARAM}=${lang}`}`;
  }

  /** The key of the page a request asks for (locale and client type in `res.locals`), or null when it may not come from here. */
  keyOf(req: Request, res: Response, anonymous: boolean): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (!anonymous || req.originalUrl.length > MAX_URL) return null;
    const mark = req.originalUrl.indexOf('?');
    const lang = mark < 0 ? undefined : cachedLangOf(req.originalUrl.slice(mark + 1));
    if (lang === null) return null;
    const script = readingScriptOf(cookieFromHeader(req.headers.cookie, SCRIPT_COOKIE));
    return this.keyFor(
      this.options.originOf(req),
      res.locals.locale,
      clientClass(res.locals.clientType),
      isCrawler(req.headers['user-agent']),
      script,
      req.path,
      lang,
    );
  }

  private open(key: string, res: Response): void {
    let settle: (page: CachedPage | null) => void = () => undefined;
    const promise = new Promise<CachedPage | null>((resolve) => {
      settle = (page) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        resolve(page);
      };
    });
    this.inflight.set(key, promise);
    this.slots.set(res, { key, generation: this.generation, settle });
    // Redirects, failures and closed connections never reach finish(): let waiters render for themselves.
    res.on('close', () => settle(null));
    res.on('finish', () => settle(null));
  }

  /**
   * Sends a stored page (or, for a hit from an address over its page-view limit, 429); false when its
   * author's quota is known to be used up (the page is dropped).
   */
  private serve(req: Request, res: Response, page: CachedPage, state: 'hit' | 'miss' | 'bypass', key: string | null): boolean {
    if (state === 'hit') {
      if (!this.usable(page, key)) return false;
      const wait = this.countView(req, page, req.ip);
      if (wait > 0) {
        writeThrottled(res, ['X-Cache', 'hit'], wait);
        return true;
      }
    }
    this.send(req, res, page, state);
    return true;
  }

  /** False, and the page dropped, when its author's page-view quota is known to be used up. */
  private usable(page: CachedPage, key: string | null): boolean {
    if (page.viewsOf === null || !this.options.pageViews?.knownExhausted(page.viewsOf.authorId, this.options.now())) return true;
    if (key) this.pages.delete(key);
    return false;
  }

  /** Counts an anonymous reader's GET of an article page: 0, or the seconds their address waits (nothing counted). */
  private countView(req: IncomingMessage, page: CachedPage, address: string | undefined): number {
    const { pageViews, readers } = this.options;
    if (page.viewsOf === null || req.method !== 'GET' || !pageViews || !readers) return 0;
    const now = this.options.now();
    const who = readers.of(null, address, req.headers['user-agent'], now);
    if (who.retryAfterS > 0) return who.retryAfterS;
    const { articleId, authorId } = page.viewsOf;
    pageViews.count({ articleId, authorId, reader: who.reader, address: who.address }, now);
    return 0;
  }

  private send(req: Request, res: Response, page: CachedPage, state: 'hit' | 'miss' | 'bypass'): void {
    res.vary('Accept-Encoding');
    // The gzip middleware hid brotli from the request; the stored brotli copy is fine to send.
    writeCachedPage(req, res, page, ['X-Cache', state], res.locals.acceptEncoding ?? req.headers['accept-encoding'] ?? '');
  }

  /** The page to keep of a finished render, compressed; null when it is not one to keep. */
  private async build({ status, html, rendered }: RenderedDocument): Promise<CachedPage | null> {
    const dependencies = status === 200 ? pageDependencies(rendered) : null;
    if (!dependencies) return null;
    try {
      return await buildCachedPage(html, { ...(await this.meta(dependencies)), shared: sharedLayoutOf(html, rendered) });
    } catch (error) {
      this.options.logger?.error({ err: error }, 'a page could not be cached');
      return null;
    }
  }

  /** Fills in the authors' ids and membership expiries; the deadline is the earliest of them. */
  private async meta(dependencies: PageDependencies): Promise<Omit<PageMeta, 'shared'>> {
    const now = this.options.now();
    const deadlines = [now + this.maxAgeMs, nextQuotaReset(now)];
    const keys = [...dependencies.keys];
    let viewsOf: CachedPage['viewsOf'] = null;
    if (dependencies.viewsOf !== null) {
      const article = await this.options.db.selectFrom('articles').select(['id', 'author_id']).where('slug', '=', dependencies.viewsOf).executeTakeFirst();
      if (article) viewsOf = { articleId: article.id, authorId: article.author_id };
    }
    const authors = [...dependencies.authors];
    if (dependencies.booklet) {
      const owner = await this.options.db
        .selectFrom('booklets')
        .innerJoin('users', 'users.id', 'booklets.owner_id')
        .select('users.username')
        .where('booklets.slug', '=', dependencies.booklet)
        .executeTakeFirst();
      if (owner) {
        authors.push(owner.username);
        keys.push(`author:${owner.username}`);
      }
    }
    if (authors.length > 0) {
      const rows = await this.options.db.selectFrom('users').select(['membership_expires_at']).where('username', 'in', authors).execute();
      for (const row of rows) {
        if (row.membership_expires_at !== null && row.membership_expires_at > now) deadlines.push(row.membership_expires_at);
      }
    }
    return { keys, viewsOf, expiresAt: Math.min(...deadlines) };
  }
}
