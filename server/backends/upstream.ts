import { Router } from 'express';
import { readerOf } from '../api/caller';
import { upstreamTransport } from '../api/upstreamTransport';
import type { AppDeps } from '../appDeps';
import { seoRoutes } from '../web/seo';
import type { Backend } from './backend';
import { apiProxy, logProxy } from './upstreamProxy';

/**
 * The upstream backend (`API_UPSTREAM`): `/api` and `/log` go to another server
 * (server/backends/upstreamProxy.ts), and so do the server's own data calls, as the reader. No
 * database: no media routes, no server pages, and robots.txt alone of the SEO files.
 */
export function upstreamBackend(deps: Pick<AppDeps, 'config' | 'logger' | 'now'>, upstream: string): Backend {
  const { config } = deps;
  const proxy = { apiUpstream: upstream, messageUpstream: config.messageUpstream, timeoutMs: config.upstreamTimeoutMs, logger: deps.logger };
  return {
    media: Router(),
    api: Router().use(apiProxy(proxy)),
    log: Router().use(logProxy(proxy)),
    seo: seoRoutes({ publicOrigin: config.publicOrigin, siteName: config.siteName, now: deps.now ?? Date.now }),
    pages: Router(),
    mediaCsp: { img: [], connect: [] },
    transportFor: (req) => upstreamTransport(upstream, readerOf(req), config.upstreamTimeoutMs),
    health: () => Promise.resolve({ ok: true, body: { status: 'ok', api: 'upstream' } }),
  };
}
