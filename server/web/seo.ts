import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { columnUsername } from '../../shared/column';
import type { DB } from '../db/schema';
import { acceptsGzip } from '../render/cache/encoding';
import { columnFeed } from '../seo/feed';
import { SeoFileCache, type KeptFile } from '../seo/fileCache';
import { siteOriginFor } from '../seo/origin';
import { robotsTxt } from '../seo/robots';
import { rssXml } from '../seo/rss';
import { articleFile, sitemapRoot, sitePages, SITEMAP_MAX_URLS } from '../seo/sitemap';
import { sitemapIndexXml, urlsetXml } from '../seo/xml';

export interface SeoRouteDeps {
  /** The embedded backend's database; without it (proxy mode) only robots.txt is served. */
  db?: Kysely<DB>;
  publicOrigin: string | undefined;
  siteName: string;
  now: () => number;
  /** URLs per sitemap file (tests lower it to see the index). */
  maxSitemapUrls?: number;
}

/** How long crawlers and caches may keep these files, and this process a file it built. */
const FRESH_SECONDS = 300;
const FRESH = `public, max-age=${FRESH_SECONDS}`;
/** How long a built file answers whatever is written meanwhile: a new article reaches the sitemap within this. */
const KEPT_AT_LEAST_SECONDS = 60;
const XML = 'application/xml; charset=utf-8';

/** robots.txt, the sitemap and the column feeds, mounted before the page routes. */
export function seoRoutes(deps: SeoRouteDeps): Router {
  const router = Router();
  const max = deps.maxSitemapUrls ?? SITEMAP_MAX_URLS;

  router.get('/robots.txt', (req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    res.send(robotsTxt(siteOriginFor(deps.publicOrigin, req), deps.db !== undefined));
  });

  const db = deps.db;
  if (!db) return router;
  const kept = new SeoFileCache(db, { minAgeMs: KEPT_AT_LEAST_SECONDS * 1000, maxAgeMs: FRESH_SECONDS * 1000, now: deps.now });
  /** Answers a kept file (built by `build` when it must be), or 404 when `build` says there is none. */
  const serve = (type: string, build: (req: Request, origin: string) => Promise<string | null>) => async (req: Request, res: Response) => {
    const origin = siteOriginFor(deps.publicOrigin, req);
    const file = await kept.get(`${origin}${req.path}`, () => build(req, origin));
    if (!file) return notFound(res);
    send(res, req, type, file);
  };

  router.get(
    '/sitemap.xml',
    serve(XML, async (_req, origin) => {
      const root = await sitemapRoot(db, deps.now(), max);
      return root.kind === 'urls' ? urlsetXml(origin, root.urls) : sitemapIndexXml(origin, root.files);
    }),
  );

  router.get(
    '/sitemap-pages.xml',
    serve(XML, async (_req, origin) => urlsetXml(origin, await sitePages(db, deps.now(), max))),
  );

  router.get(
    '/sitemap-articles-:n.xml',
    serve(XML, async (req, origin) => {
      const n = /^[1-9]\d{0,5}$/.test(String(req.params.n)) ? Number(req.params.n) : 0;
      const urls = await articleFile(db, deps.now(), n, max);
      return urls ? urlsetXml(origin, urls) : null;
    }),
  );

  router.get(
    '/:column/feed.xml',
    serve('application/rss+xml; charset=utf-8', async (req, origin) => {
      const username = columnUsername(String(req.params.column));
      const feed = username === null ? null : await columnFeed(db, username, deps.now());
      return feed ? rssXml(feed, { origin, name: deps.siteName }) : null;
    }),
  );

  return router;
}

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
}

/** A kept file, gzipped when the request takes it (the compression middleware leaves an encoded body alone). */
function send(res: Response, req: Request, type: string, file: KeptFile): void {
  const gzipped = acceptsGzip(req.get('Accept-Encoding') ?? '');
  res.set({ 'Content-Type': type, 'Cache-Control': FRESH, 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' });
  // One tag per representation: the gzip differs from the text in bytes.
  res.set('ETag', gzipped ? `${file.etag.slice(0, -1)}-gzip"` : file.etag);
  if (gzipped) res.set('Content-Encoding', 'gzip');
  res.send(gzipped ? file.gzip : file.body);
}
