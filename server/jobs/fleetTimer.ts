import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { runOnceAcrossFleet } from './runOnceAcrossFleet';

export interface FleetTimerOptions {
  db: Kysely<DB>;
  /** The job's lease name, one per kind of job (docs/decisions/042). */
  name: string;
  /** What its log line calls a failed run. */
  failure: string;
  logger: Logger;
  /** The wall clock of the lease; every process of the fleet must agree on it. */
  now: () => number;
  work: () => Promise<unknown>;
}

/**
 * A job run every interval until stopped (unref'd: it never keeps the process up). Of the
 * processes on one database, one runs it an interval: the others skip. Runs never overlap in a
 * process, and `stop()` waits for the one in progress (graceful shutdown).
 */
export class FleetTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: FleetTimerOptions) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    const { db, name, failure, logger, now, work } = this.options;
    const job = { name, ttlMs: intervalMs, now };
    this.timer = setInterval(() => {
      this.running = this.running.then(() => runOnceAcrossFleet(db, job, work)).catch((error: unknown) => logger.error({ err: error }, failure));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
