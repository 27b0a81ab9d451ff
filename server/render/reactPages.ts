import type { RequestHandler } from 'express';
import type { AppDeps } from '../appDeps';
import type { Backend } from '../backends/backend';
import { withAssetBase } from './manifest';
import { sharedPages } from './sharedPages';
import { ssr } from './ssr';

/**
 * The handlers of the catch-all page route: anonymous readers' pages from the render cache when it
 * holds them (RenderCache.middleware()), then server rendering of every page (server/render/ssr.tsx),
 * its data calls through the backend's transport, as the reader. Mounted with `app.get`, not as a
 * router: a router would answer OPTIONS itself, where the app answers 405.
 */
export function reactPages(backend: Backend, deps: Pick<AppDeps, 'config' | 'manifest' | 'extraRoutes'>): RequestHandler[] {
  const { config } = deps;
  const renderCache = backend.renderCache;
  const cached = renderCache && backend.isAnonymous ? [renderCache.middleware(backend.isAnonymous)] : [];
  return [
    ...cached,
    ssr({
      config,
      manifest: withAssetBase(deps.manifest, config.assetBaseUrl),
      transportFor: backend.transportFor,
      isAnonymous: backend.isAnonymous,
      extraRoutes: deps.extraRoutes,
      renderCache,
      sharedPages: renderCache && backend.anonymousTransportFor ? sharedPages(renderCache) : undefined,
      anonymousTransportFor: backend.anonymousTransportFor,
      mediaHost: backend.mediaHost,
    }),
  ];
}
