import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { runOnceAcrossFleet } from './runOnceAcrossFleet';
import { SerialInterval } from './serialInterval';

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
 * A job run every interval until stopped (server/jobs/serialInterval.ts). Of the processes on one
 * database, one runs it an interval: the others skip.
 */
export class FleetTimer {
  private interval: SerialInterval | undefined;

  constructor(private readonly options: FleetTimerOptions) {}

  start(intervalMs: number): void {
    if (this.interval) return;
    const { db, name, failure, logger, now, work } = this.options;
    const job = { name, ttlMs: intervalMs, now };
    this.interval = new SerialInterval(() => runOnceAcrossFleet(db, job, work), logger, failure);
    this.interval.start(intervalMs);
  }

  async stop(): Promise<void> {
    const interval = this.interval;
    this.interval = undefined;
    await interval?.stop();
  }
}
