import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface FleetJob {
  /** The job's name: one lease per name. */
  name: string;
  /**
   * How long a taken lease keeps every other caller out: at least the job's interval (so the fleet
   * runs it about once an interval) and longer than one run takes (so runs never overlap).
   */
  ttlMs: number;
  /** The wall clock; every process of the fleet must agree on it. */
  now?: () => number;
}

export type FleetRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` only if this caller takes the job's lease in `job_leases`: of callers in any
 * process of one database, one runs until the lease expires, the others skip (docs/decisions/042).
 * The lease is kept after the run, so the next caller within `ttlMs` skips too.
 */
export async function runOnceAcrossFleet<T>(db: Kysely<DB>, job: FleetJob, work: () => Promise<T>): Promise<FleetRun<T>> {
  if (!(await takeLease(db, job))) return { ran: false };
  return { ran: true, result: await work() };
}

/** One statement on both engines: the insert or the update of an expired lease wins, at most one caller. */
async function takeLease(db: Kysely<DB>, job: FleetJob): Promise<boolean> {
  const now = (job.now ?? Date.now)();
  const holder = randomUUID();
  const expiresAt = now + job.ttlMs;
  const taken = await db
    .insertInto('job_leases')
    .values({ name: job.name, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ holder, expires_at: expiresAt }).where('job_leases.expires_at', '<=', now))
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}
