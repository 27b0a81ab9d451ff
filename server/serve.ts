import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import type { Config } from './config';
import { PageViewCounter } from './content/pageViews';
import { openDatabase } from './db/connection';
import { openPreparedDatabase } from './startup/prepare';
import { drainServer } from './drainServer';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { notificationBusFor } from './notifications/bus';
import { Alipay } from './payments/alipay/alipay';
import { DailyReconcile } from './payments/reconcile/dailyReconcile';
import { renewalReminderTimer, RENEWAL_SWEEP_INTERVAL_MS } from './payments/subscriptions/reminderTimer';
import { WechatPay } from './payments/wechatpay/wechatPay';
import { startPdfExporter } from './pdf/startPdfExporter';
import { startNewsletter } from './newsletter/startNewsletter';
import { loadManifest } from './render/manifest';

export interface ServeOptions {
  /** Run the migrations, the seed and the search index first: false in a cluster worker, whose primary did. */
  prepareDatabase: boolean;
  /** The cluster worker's id, '0' without a primary (the `worker` label of metrics). */
  workerId: string;
}

/**
 * Opens the database, starts the background work (page views, the PDF queue, the payment
 * sweeps), listens, and on SIGTERM/SIGINT drains and stops them all. The whole server when
 * WEB_CONCURRENCY is 1; one worker of server/cluster.ts otherwise.
 */
export async function serve(config: Config, logger: Logger, options: ServeOptions): Promise<void> {
  // In proxy mode the upstream owns the data: no database is opened.
  const database = config.apiUpstream
    ? undefined
    : options.prepareDatabase
      ? await openPreparedDatabase(config, logger)
      : openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  // Page views are counted in memory; the shutdown below flushes what is left.
  const pageViews = database ? new PageViewCounter({ db: database.db, now: Date.now, logger }) : undefined;
  // PDF exports render in this process (docs/decisions/020); shutdown stops the queue and closes Chromium.
  const pdfExporter = database ? startPdfExporter({ config, db: database.db, logger, now: Date.now }) : undefined;
  // The newsletter's sender takes due mails from the shared queue (docs/decisions/072); shutdown stops it.
  const newsletter = database ? startNewsletter({ config, db: database.db, logger, now: Date.now }) : undefined;
  // WeChat Pay (docs/decisions/037): the app starts its sweep of unpaid orders; shutdown stops it.
  const wechatPay =
    database && config.wechatPay ? new WechatPay({ db: database.db, config: config.wechatPay, now: Date.now, logger, siteName: config.siteName }) : undefined;
  // Alipay (docs/decisions/044): web pay, and its own sweep of unpaid orders; shutdown stops it.
  const alipay =
    database && config.alipay ? new Alipay({ db: database.db, config: config.alipay, now: Date.now, logger, siteName: config.siteName }) : undefined;

  // Yesterday's bills against the books, once a day across the fleet (docs/decisions/070); shutdown stops it.
  const dailyReconcile = database && (wechatPay || alipay) ? new DailyReconcile({ db: database.db, now: Date.now, logger, wechatPay, alipay }) : undefined;
  dailyReconcile?.start();

  // Renewal reminders of subscriptions (docs/decisions/051): one process of the fleet sweeps an hour; shutdown stops it.
  const reminderBus = database ? notificationBusFor(database, (error) => logger.error({ err: error }, 'publishing a notification failed')) : undefined;
  const renewalReminders = database
    ? renewalReminderTimer({ db: database.db, now: Date.now, logger, announce: (notified) => void reminderBus?.publish(notified) })
    : undefined;
  renewalReminders?.start(RENEWAL_SWEEP_INTERVAL_MS);

  const app = createApp({
    config,
    logger,
    database,
    pageViews,
    pdfExporter,
    newsletter,
    wechatPay,
    alipay,
    workerId: options.workerId,
    manifest: loadManifest(config.clientDir),
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom }),
  });

  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, host: config.host, pid: process.pid, backend: config.apiUpstream ?? database?.engine },
      `${config.siteName} is listening on http://localhost:${port}`,
    );
  });

  let stopping = false;

  /** Stops taking connections, lets requests in flight finish, closes the database, exits. */
  function shutdown(reason: string, exitCode: number): void {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    void pdfExporter?.stop();
    void newsletter?.sender.stop();
    void drainServer(server, 1000)
      .then(() => pageViews?.stop())
      .then(() => wechatPay?.stopSweep())
      .then(() => alipay?.stopSweep())
      .then(() => renewalReminders?.stop())
      .then(() => dailyReconcile?.stop())
      .then(() => database?.close())
      .finally(() => process.exit(exitCode));
    setTimeout(() => process.exit(exitCode || 1), 10_000).unref();
  }

  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  // A cluster worker whose primary is gone (killed outright) stops too, rather than serving unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('the primary is gone', 0));
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    // The process may be in a broken state: finish what is in flight, then stop.
    logger.fatal({ err: error }, 'uncaught exception');
    shutdown('uncaughtException', 1);
  });

  logStartWarnings(config, logger, { database: database !== undefined, wechatPay, alipay });
}

function logStartWarnings(config: Config, logger: Logger, running: { database: boolean; wechatPay?: WechatPay; alipay?: Alipay }): void {
  const { wechatPay, alipay } = running;
  if (wechatPay) {
    logger.info({ mchid: config.wechatPay?.mchid, notifyUrl: wechatPay.notifyUrl }, 'WeChat Pay is configured: chat-app and Native pay take real money');
    // Chat-app pay needs the payer's open id, which only the official account's payment sign-in gives.
    if (!config.wechat.mp) logger.warn('WeChat Pay without WECHAT_MP_APP_ID/SECRET: only Native (QR) pay works; chat-app pay needs the official account');
  }
  if (alipay) {
    logger.info(
      { appId: config.alipay?.appId, gateway: config.alipay?.gateway, notifyUrl: alipay.notifyUrl },
      'Alipay is configured: web pay takes real money',
    );
  }
  if (config.paymentsSandboxOffWithoutOrigin && running.database) {
    // Production without a public origin: the demo of `npm start`, or a live site that forgot PUBLIC_ORIGIN.
    logger.warn(
      { paymentsSandbox: false, publicOrigin: null },
      'NODE_ENV=production without PUBLIC_ORIGIN: the sandbox payment provider stays off (set PAYMENTS_SANDBOX=1 to try payments on the demo), and links are built on the host each request names. A live site sets PUBLIC_ORIGIN (docs/decisions/060).',
    );
  }
  if (config.paymentsSandbox && running.database) {
    // Anyone signed in can buy anything for nothing through the sandbox: never unnoticed on a real site.
    logger.warn(
      { paymentsSandbox: true, publicOrigin: config.publicOrigin ?? null },
      'PAYMENTS ARE IN SANDBOX MODE: chat-app and web pay go to a test checkout where no money moves. A live site sets PUBLIC_ORIGIN (sandbox off) or PAYMENTS_SANDBOX=0 (docs/decisions/028, 060).',
    );
  }
}
