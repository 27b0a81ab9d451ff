import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import { createApp } from './app';
import { drainServer } from './drainServer';
import { loadConfig } from './config';
import { PageViewCounter } from './content/pageViews';
import { migrate, openDatabase } from './db/connection';
import { seedDemo } from './db/seed/demo';
import { ensureSearchIndex } from './search/indexer';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { loadManifest } from './render/manifest';
import { startPdfExporter } from './pdf/startPdfExporter';
import { WechatPay } from './payments/wechatpay/wechatPay';
import { Alipay } from './payments/alipay/alipay';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
// V8 lets the heap grow to four times what survives a full collection: about 300 MB for a server
// that keeps 40 MB live. A tighter bound costs a few more collections (docs/decisions/031).
if (config.heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
const logger = createLogger(config);
// In proxy mode the upstream owns the data: no database is opened.
const database = config.apiUpstream ? undefined : openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (database) {
  await migrate(database);
  if (config.seed === 'demo' && (await seedDemo(database.db, Date.now))) {
    logger.info('loaded the demo content into the empty database');
  }
  // A database from before search (migration 021), or an index of an older format: built now (docs/decisions/038).
  const indexed = await ensureSearchIndex(database.db);
  if (indexed !== null) logger.info({ documents: indexed }, 'built the search index');
}

// Page views are counted in memory; the shutdown below flushes what is left.
const pageViews = database ? new PageViewCounter({ db: database.db, now: Date.now, logger }) : undefined;
// PDF exports render in this process (docs/decisions/020); shutdown stops the queue and closes Chromium.
const pdfExporter = database ? startPdfExporter({ config, db: database.db, logger, now: Date.now }) : undefined;
// WeChat Pay (docs/decisions/037): the app starts its sweep of unpaid orders; shutdown stops it.
const wechatPay =
  database && config.wechatPay ? new WechatPay({ db: database.db, config: config.wechatPay, now: Date.now, logger, siteName: config.siteName }) : undefined;
// Alipay (docs/decisions/044): web pay, and its own sweep of unpaid orders; shutdown stops it.
const alipay = database && config.alipay ? new Alipay({ db: database.db, config: config.alipay, now: Date.now, logger, siteName: config.siteName }) : undefined;

const app = createApp({
  config,
  logger,
  database,
  pageViews,
  pdfExporter,
  wechatPay,
  alipay,
  manifest: loadManifest(config.clientDir),
  mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom }),
});

const server = app.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  logger.info({ port, host: config.host, backend: config.apiUpstream ?? database?.engine }, `${config.siteName} is listening on http://localhost:${port}`);
});

if (wechatPay) {
  logger.info({ mchid: config.wechatPay?.mchid, notifyUrl: wechatPay.notifyUrl }, 'WeChat Pay is configured: chat-app and Native pay take real money');
  // Chat-app pay needs the payer's open id, which only the official account's payment sign-in gives.
  if (!config.wechat.mp) logger.warn('WeChat Pay without WECHAT_MP_APP_ID/SECRET: only Native (QR) pay works; chat-app pay needs the official account');
}

if (alipay) {
  logger.info({ appId: config.alipay?.appId, gateway: config.alipay?.gateway, notifyUrl: alipay.notifyUrl }, 'Alipay is configured: web pay takes real money');
}

if (config.paymentsSandbox && database) {
  // Anyone signed in can buy anything for nothing through the sandbox: never unnoticed on a real site.
  logger.warn(
    { paymentsSandbox: true, publicOrigin: config.publicOrigin ?? null },
    'PAYMENTS ARE IN SANDBOX MODE: chat-app and web pay go to a test checkout where no money moves. A live site sets PUBLIC_ORIGIN (sandbox off) or PAYMENTS_SANDBOX=0 (docs/decisions/028).',
  );
}

let stopping = false;

/** Stops taking connections, lets requests in flight finish, closes the database, exits. */
function shutdown(reason: string, exitCode: number): void {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  void pdfExporter?.stop();
  void drainServer(server, 1000)
    .then(() => pageViews?.stop())
    .then(() => wechatPay?.stopSweep())
    .then(() => alipay?.stopSweep())
    .then(() => database?.close())
    .finally(() => process.exit(exitCode));
  setTimeout(() => process.exit(exitCode || 1), 10_000).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM', 0));
process.on('SIGINT', () => shutdown('SIGINT', 0));
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection');
});
process.on('uncaughtException', (error) => {
  // The process may be in a broken state: finish what is in flight, then stop.
  logger.fatal({ err: error }, 'uncaught exception');
  shutdown('uncaughtException', 1);
});
