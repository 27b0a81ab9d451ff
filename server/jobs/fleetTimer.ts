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
  private readonly interval: SerialInterval;
  private ttlMs = 0;

  constructor(private readonly options: FleetTimerOptions) {
    const { db, name, failure, logger, now, work } = options;
    // One interval for the timer's life: a start after a stop still waits for the run in progress.
    this.interval = new SerialInterval(() => runOnceAcrossFleet(db, { name, ttlMs: this.ttlMs, now }, work), logger, failure);
  }

  start(intervalMs: number): void {
    if (this.interval.started) return;
    this.ttlMs = intervalMs;
    this.interval.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.interval.stop();
  }
}
