import fs from 'node:fs';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { loadManifest } from './render/manifest';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = createLogger(config);
const app = createApp({ config, logger, manifest: loadManifest(config.clientDir) });

const server = app.listen(config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host }, `${config.siteName} is listening on http://localhost:${config.port}`);
});

function shutdown(signal: string): void {
  logger.info({ signal }, 'shutting down');
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
