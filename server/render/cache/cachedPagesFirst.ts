import type { Express } from 'express';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { fixedSecurityHeaders, type CspSources } from '../../middleware/securityHeaders';
import { siteOriginFor } from '../../seo/origin';
import { renderCacheHits } from './fastHits';
import { addressOf, answerFirst, protocolOf } from './frontDoor';
import type { RenderCache } from './renderCache';

/**
 * Anonymous readers' pages the render cache holds, answered before Express itself
 * (server/render/cache/frontDoor.ts), with the same fixed security headers; nothing without a cache.
 */
export function answerCachedPagesFirst(
  app: Express,
  renderCache: RenderCache | undefined,
  options: { config: Pick<Config, 'secure' | 'publicOrigin'>; csp: CspSources; logger: Logger },
): void {
  if (!renderCache) return;
  const { config } = options;
  const hits = renderCacheHits(renderCache, {
    secure: config.secure,
    securityHeaders: fixedSecurityHeaders(config, options.csp),
    originOf: (req) => siteOriginFor(config.publicOrigin, { protocol: protocolOf(app, req), headers: req.headers }),
    addressOf: (req) => addressOf(app, req),
    logger: options.logger,
  });
  answerFirst(app, hits);
}
