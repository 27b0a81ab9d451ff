import type { ExpressionBuilder, Kysely } from 'kysely';
import { engineOf } from '../db/engine';
import type { DB } from '../db/schema';

/** A job a worker holds: it may record the result only while the claim is still this one. */
export interface PdfClaim {
  id: number;
  workerId: string;
  attempt: number;
}

export interface ClaimRules {
  workerId: string;
  now: number;
  /** A claim older than this is a dead worker's: the job is taken again. */
  leaseMs: number;
  /** Claims a job may have; past them a lapsed claim fails the job ('interrupted'). */
  maxAttempts: number;
}

const MAX_ERROR_LENGTH = 500;

/**
 * Takes the oldest waiting job, or one whose claim lapsed, for this worker: one UPDATE, so two
 * workers never take the same claim (PostgreSQL skips rows another claim has locked; SQLite has
 * one writer). The outer WHERE repeats the condition: a row claimed meanwhile no longer matches.
 */
export async function claimNextJob(db: Kysely<DB>, rules: ClaimRules): Promise<PdfClaim | null> {
  const { workerId, now, leaseMs, maxAttempts } = rules;
  const lapsedBefore = now - leaseMs;
  await db
    .updateTable('pdf_exports')
    .set({ status: 'failed', error: 'interrupted', finished_at: now })
    .where('status', '=', 'processing')
    .where('claimed_at', '<', lapsedBefore)
    .where('attempts', '>=', maxAttempts)
    .execute();
  const claimable = (eb: ExpressionBuilder<DB, 'pdf_exports'>) =>
    eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'processing'), eb('claimed_at', '<', lapsedBefore), eb('attempts', '<', maxAttempts)])]);
  const oldest = db.selectFrom('pdf_exports').select('id').where(claimable).orderBy('id').limit(1);
  const row = await db
    .updateTable('pdf_exports')
    .set((eb) => ({
      status: 'processing',
      claimed_by: workerId,
      claimed_at: now,
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', engineOf(db) === 'postgres' ? oldest.forUpdate().skipLocked() : oldest)
    .where(claimable)
    .returning(['id', 'attempts'])
    .executeTakeFirst();
  return row ? { id: row.id, workerId, attempt: row.attempts } : null;
}

/** Records the finished file; false when the claim was lost meanwhile (the job was taken again or declared lost). */
export async function recordSuccess(db: Kysely<DB>, claim: PdfClaim, file: string, now: number): Promise<boolean> {
  const done = await stillClaimed(db, claim).set({ status: 'success', file, finished_at: now }).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Records a failed render, unless the claim was lost meanwhile. */
export async function recordFailure(db: Kysely<DB>, claim: PdfClaim, message: string, now: number): Promise<void> {
  await stillClaimed(db, claim)
    .set({ status: 'failed', error: message.slice(0, MAX_ERROR_LENGTH), finished_at: now })
    .execute();
}

/**
 * At start: jobs claimed before claims had a lease (migration 024) cannot be told alive from
 * dead; those older than a job may run fail, as before the queue was shared.
 */
export async function failUnleasedClaims(db: Kysely<DB>, now: number, jobTimeoutMs: number): Promise<void> {
  await db
    .updateTable('pdf_exports')
    .set({ status: 'failed', error: 'interrupted', finished_at: now })
    .where('status', '=', 'processing')
    .where('claimed_at', 'is', null)
    .where('started_at', '<', now - jobTimeoutMs)
    .execute();
}

/** At start on a server that cannot render: waiting jobs fail at once. */
export async function failPendingJobs(db: Kysely<DB>, now: number): Promise<void> {
  await db.updateTable('pdf_exports').set({ status: 'failed', error: 'unavailable', finished_at: now }).where('status', '=', 'pending').execute();
}

function stillClaimed(db: Kysely<DB>, claim: PdfClaim) {
  return db
    .updateTable('pdf_exports')
    .where('id', '=', claim.id)
    .where('status', '=', 'processing')
    .where('claimed_by', '=', claim.workerId)
    .where('attempts', '=', claim.attempt);
}
