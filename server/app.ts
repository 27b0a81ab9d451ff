import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { RouteTableOptions } from '../client/routes';
import { embeddedApi } from './api/router';
import type { Config } from './config';
import type { Logger } from './logger';
import { errorHandler } from './middleware/errorHandler';
import { gzipCompression } from './middleware/gzipCompression';
import { hashedAssets } from './middleware/hashedAssets';
import { localeAndClient } from './middleware/localeAndClient';
import { requestLogging } from './middleware/requestLogging';
import { securityHeaders } from './middleware/securityHeaders';
import type { AssetManifest } from './render/manifest';
import { ssr } from './render/ssr';

export interface AppDeps {
  config: Config;
  logger: Logger;
  manifest: AssetManifest;
  /** Routes a test mounts beside the real table (an unknown guard, a throwing loader). */
  extraRoutes?: RouteTableOptions['extraRoutes'];
}

/** The whole site as an Express app, in the order of DESIGN §3; tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  // 1. Request id and log line; security headers with a per-response nonce.
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders(config));
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  // 2. The API, before any body parser or compression of ours.
  app.use('/api', embeddedApi());

  // 3. gzip for dynamic responses; hashed assets pre-compressed; unhashed public files.
  app.use(gzipCompression());
  app.use('/static', hashedAssets(config.clientDir));
  app.use(express.static('public', { index: false, maxAge: '1d' }));

  // 4. Cookies, then locale and client type.
  app.use(cookieParser());
  app.use(localeAndClient({ secure: config.secure }));

  // 5. Server rendering of every page.
  app.get('/{*splat}', ssr({ config, manifest: deps.manifest, extraRoutes: deps.extraRoutes }));

  app.use((_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').json({ detail: 'Method not allowed.' });
  });
  app.use(errorHandler());
  return app;
}
