import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/connection';
import { seedDemo } from './db/seed/demo';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { loadManifest } from './render/manifest';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = createLogger(config);
// In proxy mode the upstream owns the data: no database is opened.
const database = config.apiUpstream ? undefined : openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (database) {
  await migrate(database);
  if (config.seed === 'demo' && (await seedDemo(database.db, Date.now))) {
    logger.info('loaded the demo content into the empty database');
  }
}

const app = createApp({
  config,
  logger,
  database,
  manifest: loadManifest(config.clientDir),
  mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom }),
});

const server = app.listen(config.port, config.host, () => {
  logger.info(
    { port: config.port, host: config.host, backend: config.apiUpstream ?? database?.engine },
    `${config.siteName} is listening on http://localhost:${config.port}`,
  );
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    (database?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
