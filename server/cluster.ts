import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';
import { workerEnv } from './mallocArenas';
import { relayBetweenWorkers } from './workerRelay';

export interface ClusterOptions {
  workers: number;
  logger: Logger;
  /** How long the workers get to drain after SIGTERM/SIGINT before they are killed and the primary exits 1. */
  shutdownTimeoutMs?: number;
}

/** A worker that lived less than this died "at once": the next one waits longer. */
const STABLE_AFTER_MS = 10_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary of WEB_CONCURRENCY workers sharing the port (docs/decisions/048). It serves
 * nothing itself: it forks the workers, forks another for one that dies unexpectedly (after a
 * growing pause when they keep dying at start), and on SIGTERM/SIGINT passes SIGTERM to every
 * worker (each drains as a single process would) and exits 0 once all have exited.
 */
export function runPrimary(options: ClusterOptions): void {
  const { logger, workers } = options;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 15_000;
  const live = new Map<number, { worker: Worker; startedAt: number }>();
  let quickDeaths = 0;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork(workerEnv(process.env));
    live.set(worker.id, { worker, startedAt: Date.now() });
  };

  cluster.on('exit', (worker, code, signal) => {
    const entry = live.get(worker.id);
    live.delete(worker.id);
    if (stopping) {
      if (live.size === 0) {
        logger.info('every worker has stopped');
        process.exit(0);
      }
      return;
    }
    quickDeaths = entry && Date.now() - entry.startedAt < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delayMs = quickDeaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (quickDeaths - 1));
    logger.error({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delayMs }, 'a worker died; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs).unref();
  });

  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason, workers: live.size }, 'shutting down: the workers drain');
    if (live.size === 0) process.exit(0);
    for (const { worker } of live.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      logger.error({ workers: live.size }, 'workers still running after the shutdown timeout: killed');
      for (const { worker } of live.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  relayBetweenWorkers();
  for (let i = 0; i < workers; i += 1) fork();
  logger.info({ workers, pid: process.pid }, `started ${workers} workers`);
}
