import type { Request, Router } from 'express';
import type { ApiTransport } from '../../client/api/transport';
import type { Database } from '../db/connection';
import type { HealthReport } from '../health';
import type { RenderCache } from '../render/cache/renderCache';

/**
 * Where `/api` and the server's own data calls go: the embedded backend (server/backends/embedded.ts,
 * the API in this process on its database) or an upstream (server/backends/upstream.ts, another
 * server over HTTP). server/app.ts mounts each of its routers at its place in the request path.
 */
export interface Backend {
  /** Routes outside /api, before the API's parsers: the media's upload form, host and storage callback. */
  media: Router;
  /** `/api`: the API router, or the proxy to the upstream. */
  api: Router;
  /** `/log`: the embedded log service, or its proxy. */
  log: Router;
  /** robots.txt, the sitemaps and the column feeds (only robots.txt without a database). */
  seo: Router;
  /** Navigations the backend answers after cookies and CSRF: the newsletter links, the sandbox checkout, the chat-app sign-in. */
  pages: Router;
  transportFor: (req: Request) => ApiTransport;
  /** The same as a signed-out reader's, for the anonymous copy of a page shared with signed-in readers (embedded only). */
  anonymousTransportFor?: (req: Request) => ApiTransport;
  isAnonymous?: (req: Request) => boolean;
  /** Only with the embedded backend: its content-change log says when a page is out of date. */
  renderCache?: RenderCache;
  /** The database this process keeps (robots, sitemap, feeds read it); none with an upstream. */
  database?: Database;
  /** Where pages load media from (the policy's sources) and the media host's name, when it is ours. */
  mediaCsp: { img: string[]; connect: string[] };
  mediaHost?: string;
  health: () => Promise<HealthReport>;
}
