import { Router, type Response } from 'express';
import type { Kysely } from 'kysely';
import { columnUsername } from '../../shared/column';
import type { DB } from '../db/schema';
import { columnFeed } from './feed';
import { siteOriginFor } from './origin';
import { robotsTxt } from './robots';
import { rssXml } from './rss';
import { articleFile, sitemapRoot, sitePages, SITEMAP_MAX_URLS } from './sitemap';
import { sitemapIndexXml, urlsetXml } from './xml';

export interface SeoRouteDeps {
  /** The embedded backend's database; without it (proxy mode) only robots.txt is served. */
  db?: Kysely<DB>;
  publicOrigin: string | undefined;
  siteName: string;
  now: () => number;
  /** URLs per sitemap file (tests lower it to see the index). */
  maxSitemapUrls?: number;
}

/** How long crawlers and caches may keep these files. */
const FRESH = 'public, max-age=300';
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

  router.get('/sitemap.xml', async (req, res) => {
    const origin = siteOriginFor(deps.publicOrigin, req);
    const root = await sitemapRoot(db, deps.now(), max);
    send(res, XML, root.kind === 'urls' ? urlsetXml(origin, root.urls) : sitemapIndexXml(origin, root.files));
  });

  router.get('/sitemap-pages.xml', async (req, res) => {
    send(res, XML, urlsetXml(siteOriginFor(deps.publicOrigin, req), await sitePages(db, deps.now(), max)));
  });

  router.get('/sitemap-articles-:n.xml', async (req, res) => {
    const n = /^[1-9]\d{0,5}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const urls = await articleFile(db, deps.now(), n, max);
    if (!urls) return notFound(res);
    send(res, XML, urlsetXml(siteOriginFor(deps.publicOrigin, req), urls));
  });

  router.get('/:column/feed.xml', async (req, res) => {
    const username = columnUsername(req.params.column);
    const feed = username === null ? null : await columnFeed(db, username, deps.now());
    if (!feed) return notFound(res);
    send(res, 'application/rss+xml; charset=utf-8', rssXml(feed, { origin: siteOriginFor(deps.publicOrigin, req), name: deps.siteName }));
  });

  return router;
}

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
}

function send(res: Response, type: string, body: string): void {
  res.set({ 'Content-Type': type, 'Cache-Control': FRESH, 'X-Content-Type-Options': 'nosniff' }).send(body);
}
