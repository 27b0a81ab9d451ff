import path from 'node:path';
import { Router } from 'express';
import { bringsNoCredentials, resolveAuth } from '../api/auth';
import { anonymousReaderOf, readerOf } from '../api/caller';
import { inProcessApiApp } from '../api/inProcessApp';
import { inProcessApi, inProcessTransport } from '../api/inProcessTransport';
import { notificationBusFor } from '../notifications/bus';
import { embeddedApi } from '../api/router';
import type { AppDeps } from '../appDeps';
import { siteOrigin } from '../config';
import { PageViewCounter } from '../content/pageViews';
import { readOrCreateSecretSync } from '../dataDirSecret';
import { embeddedHealth } from '../health';
import { mediaCspSources, mediaStoreFor } from '../media/mediaStoreFor';
import { startNewsletter } from '../newsletter/startNewsletter';
import { Alipay } from '../payments/alipay/alipay';
import { WechatPay } from '../payments/wechatpay/wechatPay';
import { startPdfExporter } from '../pdf/startPdfExporter';
import { RenderCache } from '../render/cache/renderCache';
import { PageViewReaders } from '../security/pageViewReaders';
import { ReaderKeys } from '../security/readerKeys';
import { siteOriginFor } from '../seo/origin';
import { createSmsSender } from '../sms/sender';
import { JsapiSigner } from '../wechat/jsapiSigner';
import { WechatApi } from '../wechat/wechatApi';
import { mediaRoutes } from '../web/media';
import { seoRoutes } from '../web/seo';
import { serverPages } from '../web/serverPages';
import { logEndpoint } from '../web/tracking';
import type { Backend } from './backend';

/**
 * The embedded backend: the API of server/api/router.ts under /api on this process's database,
 * its own web apps (server/web/), the render cache, and the reader's data calls made in process.
 * Starts what runs beside it: the page-view counter, the render cache, the payment sweeps.
 */
export function embeddedBackend(deps: AppDeps): Backend {
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
  return {
    media: mediaRoutes({ db: database.db, now, store: media, logger: deps.logger }),
    api: Router().use('/api', api.router),
    log: logEndpoint(database.db, now),
    seo: seoRoutes({ db: database.db, publicOrigin: config.publicOrigin, siteName: config.siteName, now }),
    pages: serverPages({ config, db: database.db, links: newsletter.links, now }),
    renderCache: renderCache || undefined,
    database,
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
