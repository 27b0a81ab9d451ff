import cluster from 'node:cluster';
import fs from 'node:fs';
import v8 from 'node:v8';
import { runPrimary } from './cluster';
import { loadConfig } from './config';
import { openPreparedDatabase } from './startup/prepare';
import { createLogger } from './logger';
import { serve } from './serve';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
// V8 lets the heap grow to four times what survives a full collection: about 300 MB for a server
// that keeps 40 MB live. A tighter bound costs a few more collections (docs/decisions/031).
if (config.heapGrowthPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
const logger = createLogger(config);

if (config.webConcurrency > 1 && cluster.isPrimary) {
  // Migrations, seed and search index once, before any worker opens the database (docs/decisions/048).
  if (!config.apiUpstream) await (await openPreparedDatabase(config, logger)).close();
  runPrimary({ workers: config.webConcurrency, logger });
} else {
  const workerId = String(cluster.worker?.id ?? 0);
  await serve(config, cluster.isWorker ? logger.child({ worker: workerId }) : logger, { prepareDatabase: cluster.isPrimary, workerId });
}
