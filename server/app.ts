import express, { type Express } from 'express';
import { TRUSTED_PROXY } from './api/caller';
import type { AppDeps } from './appDeps';
import { embeddedBackend } from './backends/embedded';
import { upstreamBackend } from './backends/upstream';
import { metricsWhenAsked } from './web/metrics/metricsWhenAsked';
import { healthEndpoint } from './web/metrics/healthEndpoint';
import { metricsEndpoint } from './web/metrics/metricsEndpoint';
import { requestMetrics } from './middleware/requestMetrics';
import { cspSourcesFor } from './middleware/cspSources';
import { errorHandler } from './middleware/errorHandler';
import { gzipCompression } from './middleware/gzipCompression';
import { methodNotAllowed } from './middleware/methodNotAllowed';
import { pageCookies } from './middleware/pageCookies';
import { requestLogging } from './middleware/requestLogging';
import { securityHeaders } from './middleware/securityHeaders';
import { staticFiles } from './middleware/staticFiles';
import { answerCachedPagesFirst } from './render/cache/cachedPagesFirst';
import { reactPages } from './render/reactPages';

export type { AppDeps } from './appDeps';

/**
 * The whole site as an Express app: the request path in the order of docs/design.md §3, one line a
 * step, each step set up in its own module. Tests drive it with supertest.
 */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  // The embedded backend (the API on this process's database) or an upstream one (API_UPSTREAM).
  const backend = config.apiUpstream ? upstreamBackend(deps, config.apiUpstream) : embeddedBackend(deps);
  const csp = cspSourcesFor(config, backend.mediaCsp);
  const metrics = metricsWhenAsked(deps, backend);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUSTED_PROXY);

  // 0. Anonymous readers' pages the render cache holds, answered before Express itself.
  answerCachedPagesFirst(app, backend.renderCache, { config, csp, logger: deps.logger });
  // Metrics time every response Express handles: mounted first.
  if (metrics) app.use(requestMetrics(app, metrics.requests));

  // 1. Request id and log line; security headers with a per-response nonce; /healthz and /metrics.
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders(config, csp));
  app.get('/healthz', healthEndpoint(backend.health, config.metricsToken));
  if (metrics && config.metricsToken) app.get('/metrics', metricsEndpoint(metrics.registry, config.metricsToken));

  // 2. The API (embedded, or the upstream proxy), before any body parser or compression of ours;
  //    the media's form upload, host and storage callback before it, outside the API's parsers and CSRF check.
  app.use(backend.media);
  app.use(backend.api);

  // 3. gzip for dynamic responses; hashed assets, public files and fonts; the log service;
  //    robots.txt, the sitemap and the column feeds, before the page routes could take them.
  app.use(gzipCompression());
  app.use(staticFiles(config));
  app.use(backend.log);
  app.use(backend.seo);

  // 4. Cookies, locale and client type, the CSRF cookie every page carries; then the backend's own
  //    pages (newsletter links, sandbox checkout, chat-app sign-in): an upstream backend answers its own.
  app.use(pageCookies(config));
  app.use(backend.pages);

  // 5. Server rendering of every page; anything else is a 405, and errors end in one handler.
  app.get('/{*splat}', reactPages(backend, deps));
  app.use(methodNotAllowed());
  app.use(errorHandler());
  return app;
}
