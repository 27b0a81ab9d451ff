import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { ApiTransport } from '../client/api/transport';
import type { RouteTableOptions } from '../client/routes';
import { bringsNoCredentials, resolveAuth } from './api/auth';
import { anonymousReaderOf, readerOf, TRUSTED_PROXY } from './api/caller';
import { embeddedApi } from './api/router';
import { notificationBusFor } from './notifications/bus';
import { sandboxPages } from './payments/sandboxPages';
import { inProcessApiApp } from './api/inProcessApp';
import { inProcessApi, inProcessTransport } from './api/inProcessTransport';
import { upstreamTransport } from './api/upstreamTransport';
import { siteOrigin, type Config } from './config';
import type { Database } from './db/connection';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { MediaStore } from './media/mediaStore';
import { mediaCspSources, mediaStoreFor } from './media/mediaStoreFor';
import { mediaRoutes } from './media/routes';
import { createSmsSender, type SmsSender } from './sms/sender';
import { PageViewCounter } from './content/pageViews';
import { readOrCreateSecretSync } from './dataDirSecret';
import { PageViewReaders } from './security/pageViewReaders';
import { ReaderKeys } from './security/readerKeys';
import { RenderCache } from './render/cache/renderCache';
import { apiProxy, logProxy } from './proxy';
import { siteOriginFor } from './seo/origin';
import { logEndpoint } from './tracking/logEndpoint';
import { csrfCookie } from './middleware/csrfCookie';
import { errorHandler } from './middleware/errorHandler';
import { gzipCompression } from './middleware/gzipCompression';
import { hashedAssets } from './middleware/hashedAssets';
import { publicFiles } from './middleware/publicFiles';
import { localeAndClient } from './middleware/localeAndClient';
import { requestLogging } from './middleware/requestLogging';
import { fixedSecurityHeaders, securityHeaders } from './middleware/securityHeaders';
import { renderCacheHits } from './render/cache/fastHits';
import { sharedPages } from './render/sharedPages';
import { addressOf, answerFirst, protocolOf } from './render/cache/frontDoor';
import { withAssetBase, type AssetManifest } from './render/manifest';
import { ssr } from './render/ssr';
import { wechatSignInPages } from './accounts/wechatSignIn';
import { seoRoutes } from './seo/routes';
import { fontFiles } from './api/editorAssets/fontFiles';
import { embeddedHealth, type HealthReport } from './health';
import { createMetrics } from './metrics/metrics';
import { healthEndpoint } from './metrics/healthEndpoint';
import { metricsEndpoint } from './metrics/metricsEndpoint';
import { requestMetrics } from './metrics/requestMetrics';
import { JsapiSigner } from './wechat/jsapiSigner';
import { WechatApi } from './wechat/wechatApi';
import { startPdfExporter } from './pdf/startPdfExporter';
import type { PdfExporter } from './pdf/pdfExporter';
import { newsletterLinkPages } from './newsletter/linkPages';
import { startNewsletter, type Newsletter } from './newsletter/startNewsletter';
import { WechatPay } from './payments/wechatpay/wechatPay';
import { Alipay } from './payments/alipay/alipay';
import type { PaymentPause } from './payments/paymentPause';

export interface AppDeps {
  config: Config;
  logger: Logger;
  manifest: AssetManifest;
  /** The embedded backend's database; absent in proxy mode (`API_UPSTREAM`). */
  database?: Database;
  mailer: Mailer;
  /** Where the SMS page's codes go; made from SMS_WEBHOOK_URL or DATA_DIR/outbox when absent. */
  sms?: SmsSender;
  /** The clock (tests move it to expire sessions and tokens). */
  now?: () => number;
  /** Sign-in and password-reset attempts per window and address; anonymous article reads per minute and address (`pageViews`). */
  limits?: { signIn: number; reset: number; contact?: number; redeem?: number; search?: number; pageViews?: number };
  /** Routes a test mounts beside the real table (an unknown guard, a throwing loader). */
  extraRoutes?: RouteTableOptions['extraRoutes'];
  /** The page-view counter (the process entry stops and flushes it at shutdown); one is made when absent. */
  pageViews?: PageViewCounter;
  /** The render cache of anonymous pages; one is made from the configuration when absent, `false` for none. */
  renderCache?: RenderCache | false;
  /** Where uploads are stored; DATA_DIR/media on this machine when absent. */
  media?: MediaStore;
  /** The PDF export queue; one is made from the configuration when absent. */
  pdfExporter?: PdfExporter;
  /** The newsletter's links and sender (docs/decisions/072); one is made from the configuration when absent. */
  newsletter?: Newsletter;
  /**
   * WeChat Pay (docs/decisions/037); one is made when the configuration has it and this is absent.
   * Its sweep starts with the app (the process entry stops it at shutdown).
   */
  wechatPay?: WechatPay;
  /** Alipay (docs/decisions/044); one is made when the configuration has it and this is absent. Its sweep starts with the app. */
  alipay?: Alipay;
  /** A test seam: holds a wallet payment with its order locked (server/payments/paymentPause.ts). */
  paymentPause?: PaymentPause;
  /** This worker's id in cluster mode, the `worker` label of its metrics; '0' without a primary. */
  workerId?: string;
}

/** The whole site as an Express app, in the order of docs/design.md §3; tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const backend = config.apiUpstream ? upstreamBackend(deps, config.apiUpstream) : embeddedBackend(deps);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUSTED_PROXY);

  const csp = {
    assets: originsOf(config.assetBaseUrl),
    img: [...originsOf(config.logEndpoint), ...backend.mediaCsp.img],
    connect: backend.mediaCsp.connect,
    frame: originsOf(config.wechat.openBase),
    wechatSdkScript: originsOf(config.wechatSdkUrl),
    chatAppSigning: config.wechat.mp !== undefined,
  };

  // 0. Anonymous readers' pages the render cache holds, answered before Express itself.
  if (backend.renderCache) {
    const hits = renderCacheHits(backend.renderCache, {
      secure: config.secure,
      securityHeaders: fixedSecurityHeaders(config, csp),
      originOf: (req) => siteOriginFor(config.publicOrigin, { protocol: protocolOf(app, req), headers: req.headers }),
      addressOf: (req) => addressOf(app, req),
      logger: deps.logger,
    });
    answerFirst(app, hits);
  }

  // Metrics only with METRICS_TOKEN: otherwise no timing at all, and /metrics is an unknown page.
  const metrics = config.metricsToken
    ? createMetrics({
        worker: deps.workerId ?? '0',
        renderCache: backend.renderCache,
        db: backend.database?.db,
        poolStats: backend.database?.poolStats,
        now: deps.now ?? Date.now,
      })
    : undefined;
  if (metrics) app.use(requestMetrics(app, metrics.requests));

  // 1. Request id and log line; security headers with a per-response nonce.
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders(config, csp));
  app.get('/healthz', healthEndpoint(backend.health, config.metricsToken));
  if (metrics && config.metricsToken) app.get('/metrics', metricsEndpoint(metrics.registry, config.metricsToken));

  // 2. The API (embedded, or the upstream proxy), before any body parser or compression of ours.
  // The media's form upload, host and storage callback: outside the API's parsers and CSRF check.
  for (const handler of backend.media) app.use(handler);
  app.use(backend.api);

  // 3. gzip for dynamic responses; hashed assets pre-compressed; unhashed public files.
  app.use(gzipCompression());
  app.use('/static', hashedAssets(config.clientDir, { crossOrigin: config.assetBaseUrl !== undefined }));
  app.use(publicFiles(path.resolve('public')));
  app.use('/fonts', fontFiles());
  for (const handler of backend.log) app.use(handler);
  // robots.txt, the sitemap and the column feeds, before the page routes could take them.
  app.use(
    seoRoutes({
      db: backend.database?.db,
      publicOrigin: config.publicOrigin,
      siteName: config.siteName,
      now: deps.now ?? Date.now,
    }),
  );

  // 4. Cookies, then locale and client type, and the CSRF cookie every page carries.
  app.use(cookieParser());
  app.use(localeAndClient({ secure: config.secure }));
  app.use(csrfCookie({ secure: config.secure }));
  // The sandbox checkout and the chat-app sign-in navigations: an upstream backend answers its own.
  for (const handler of backend.pages) app.use(handler);

  // 5. Server rendering of every page, anonymous readers' pages from the render cache when it holds them;
  //    its data calls reach the API in process, as the reader.
  const renderCache = backend.renderCache;
  if (renderCache && backend.isAnonymous) app.get('/{*splat}', renderCache.middleware(backend.isAnonymous));
  app.get(
    '/{*splat}',
    ssr({
      config,
      manifest: withAssetBase(deps.manifest, config.assetBaseUrl),
      transportFor: backend.transportFor,
      isAnonymous: backend.isAnonymous,
      extraRoutes: deps.extraRoutes,
      renderCache: renderCache || undefined,
      sharedPages: renderCache && backend.anonymousTransportFor ? sharedPages(renderCache) : undefined,
      anonymousTransportFor: backend.anonymousTransportFor,
      mediaHost: backend.mediaHost,
    }),
  );

  app.use((_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').json({ detail: 'Method not allowed.' });
  });
  app.use(errorHandler());
  return app;
}

/** Where `/api` and the server's own data calls go: the embedded backend or an upstream. */
interface Backend {
  api: RequestHandler[];
  /** The embedded log service, when this process keeps the data. */
  log: RequestHandler[];
  transportFor: (req: Request) => ApiTransport;
  /** The same as a signed-out reader's, for the anonymous copy of a page shared with signed-in readers (embedded only). */
  anonymousTransportFor?: (req: Request) => ApiTransport;
  isAnonymous?: (req: Request) => boolean;
  /** Only with the embedded backend: its content-change log says when a page is out of date. */
  renderCache?: RenderCache;
  /** The database this process keeps (robots, sitemap, feeds read it); none with an upstream. */
  database?: Database;
  /** Routes outside /api, before the API's parsers: the media's upload form, host and storage callback. */
  media: RequestHandler[];
  /** Navigations the backend answers after cookies and CSRF: the sandbox checkout, the chat-app sign-in. */
  pages: RequestHandler[];
  /** Where pages load media from (the policy's sources) and the media host's name, when it is ours. */
  mediaCsp: { img: string[]; connect: string[] };
  mediaHost?: string;
  health: () => Promise<HealthReport>;
}

function embeddedBackend(deps: AppDeps): Backend {
  const { config, database } = deps;
  if (!database) throw new Error('the embedded backend needs a database (or set API_UPSTREAM)');
  const now = deps.now ?? Date.now;
  const media = deps.media ?? mediaStoreFor(config);
  const pageViews = deps.pageViews ?? new PageViewCounter({ db: database.db, now: deps.now ?? Date.now, logger: deps.logger });
  pageViews.start();
  // Anonymous readers' daily keys, under a secret every process serving DATA_DIR shares (docs/decisions/059).
  const readers = new PageViewReaders({
    keys: new ReaderKeys(readOrCreateSecretSync(path.join(config.dataDir, '.page-view-key'))),
    perMinute: deps.limits?.pageViews,
  });
  const renderCache =
    deps.renderCache ??
    (config.renderCacheBytes > 0 &&
      new RenderCache({
        db: database.db,
        now: deps.now ?? Date.now,
        pageViews,
        readers,
        maxBytes: config.renderCacheBytes,
        maxAgeMs: config.renderCacheMaxAgeMs,
        logger: deps.logger,
        originOf: (req) => siteOriginFor(config.publicOrigin, req),
      }));
  if (renderCache) renderCache.start();
  const wechatPay =
    deps.wechatPay ??
    (config.wechatPay ? new WechatPay({ db: database.db, config: config.wechatPay, now, logger: deps.logger, siteName: config.siteName }) : undefined);
  wechatPay?.startSweep();
  const alipay =
    deps.alipay ?? (config.alipay ? new Alipay({ db: database.db, config: config.alipay, now, logger: deps.logger, siteName: config.siteName }) : undefined);
  alipay?.startSweep();
  // An order paid through one closes its open trades at the other too (docs/decisions/063).
  if (wechatPay && alipay) {
    wechatPay.tradeClosers.add(alipay);
    alipay.tradeClosers.add(wechatPay);
  }
  const newsletter = deps.newsletter ?? startNewsletter({ config, db: database.db, logger: deps.logger, now });
  const api = embeddedApi({
    db: database.db,
    newsletter,
    mailer: deps.mailer,
    sms: deps.sms ?? createSmsSender({ webhookUrl: config.smsWebhookUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
    now: deps.now ?? Date.now,
    origin: siteOrigin(config),
    siteName: config.siteName,
    secure: config.secure,
    limits: deps.limits ?? { signIn: 10, reset: 5 },
    operatorEmail: config.operatorEmail,
    onBackgroundError: (error, what) => deps.logger.error({ err: error }, `${what} failed`),
    pageViews: { gate: pageViews, readers },
    publicOrigin: config.publicOrigin,
    dataDir: config.dataDir,
    paymentsSandbox: config.paymentsSandbox,
    media,
    pdfs: deps.pdfExporter ?? startPdfExporter({ config, db: database.db, logger: deps.logger, now: deps.now ?? Date.now, mediaOrigin: media.origin }),
    wechatPayoutAppId: config.wechat.mp?.appId,
    wechatPay,
    alipay,
    paymentPause: deps.paymentPause,
    notificationBus: notificationBusFor(database, (error) => deps.logger.error({ err: error }, 'publishing a notification failed')),
    notificationStreamsPerProcess: config.notificationStreamsPerProcess,
    wechatSigner: config.wechat.mp
      ? new JsapiSigner(new WechatApi(config.wechat.apiBase, config.wechat.timeoutMs), config.wechat.mp, deps.now ?? Date.now)
      : undefined,
  });
  const inProcess = inProcessApi(
    inProcessApiApp(api.router, deps.logger),
    api.reads,
    (credentials) => resolveAuth(database.db, credentials, now()),
    deps.logger,
  );
  const mounted = express.Router();
  mounted.use('/api', api.router);
  return {
    api: [mounted],
    log: [logEndpoint(database.db, now)],
    renderCache: renderCache || undefined,
    database,
    media: [mediaRoutes({ db: database.db, now, store: media, logger: deps.logger })],
    pages: [
      // The newsletter's confirm and unsubscribe links: no sign-in (docs/decisions/072).
      newsletterLinkPages({ db: database.db, links: newsletter.links, siteName: config.siteName, now }),
      sandboxPages({
        enabled: config.paymentsSandbox,
        db: database.db,
        now,
        dataDir: config.dataDir,
        publicOrigin: config.publicOrigin,
        wechatPaymentLogin: config.wechat.mp !== undefined,
      }),
      // Without the chat app's credentials these pages say that sign-in is not configured.
      wechatSignInPages({
        siteName: config.siteName,
        wechat: config.wechat,
        publicOrigin: config.publicOrigin,
        secure: config.secure,
        db: database.db,
        now,
      }),
    ],
    mediaCsp: mediaCspSources(config, media),
    mediaHost: new URL(media.origin).hostname,
    // The reader's account and address (server/api/caller.ts): their data calls count against their own limits.
    transportFor: (req) => inProcessTransport(inProcess, readerOf(req)),
    anonymousTransportFor: (req) => inProcessTransport(inProcess, anonymousReaderOf(req)),
    // Without a session cookie or a token the embedded backend would answer "signed out".
    isAnonymous: bringsNoCredentials,
    health: () => embeddedHealth({ db: database.db, media, now }),
  };
}

function upstreamBackend(deps: AppDeps, upstream: string): Backend {
  const { config } = deps;
  const proxy = { apiUpstream: upstream, messageUpstream: config.messageUpstream, timeoutMs: config.upstreamTimeoutMs, logger: deps.logger };
  return {
    log: [logProxy(proxy)],
    api: apiProxy(proxy),
    media: [],
    pages: [],
    mediaCsp: { img: [], connect: [] },
    transportFor: (req) => upstreamTransport(upstream, readerOf(req), config.upstreamTimeoutMs),
    health: () => Promise.resolve({ ok: true, body: { status: 'ok', api: 'upstream' } }),
  };
}

function originsOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}
