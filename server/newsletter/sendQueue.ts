import { sql, type Kysely } from 'kysely';
import { engineOf } from '../db/engine';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { skipWaitingSends } from './subscriptions';

/** A mail a worker holds: it may change the row only while the claim is still this one. */
export interface SendClaim {
  id: number;
  articleId: number;
  subscriptionId: number;
  workerId: string;
  /** Tries before this one. */
  attempts: number;
}

const MAX_ERROR_LENGTH = 500;

/**
 * Queues a public article's mail to every active subscription of a reader who still follows its
 * author: one INSERT … SELECT, and the unique (article, subscription) key makes a second call
 * queue only subscriptions added since. Answers how many were queued now.
 */
export async function queueArticle(db: Kysely<DB>, authorId: number, articleId: number, now: number): Promise<number> {
  const article = await db
    .selectFrom('articles')
    .select(['visibility', 'moderation', 'trashed'])
    .where('id', '=', articleId)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  if (!article) throw new DomainError('not_found', 'Not found.');
  if (article.visibility !== 'public' || article.moderation !== 'none' || Number(article.trashed) === 1) {
    throw new DomainError('invalid', 'Only a public article goes out by mail.', 'article');
  }
  const result = await db
    .insertInto('newsletter_sends')
    .columns(['article_id', 'subscription_id', 'status', 'next_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('newsletter_subscriptions')
        .innerJoin('follows', (join) =>
          join.onRef('follows.follower_id', '=', 'newsletter_subscriptions.reader_id').onRef('follows.followee_id', '=', 'newsletter_subscriptions.author_id'),
        )
        .select([
          // Literals, not parameters: PostgreSQL types a parameter in a SELECT list as text.
          eb.lit(articleId).as('article_id'),
          'newsletter_subscriptions.id as subscription_id',
          sql<'pending'>`'pending'`.as('status'),
          eb.lit(now).as('next_at'),
          eb.lit(now).as('created_at'),
        ])
        .where('newsletter_subscriptions.author_id', '=', authorId)
        .where('newsletter_subscriptions.status', '=', 'active'),
    )
    .onConflict((oc) => oc.columns(['article_id', 'subscription_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface ClaimRules {
  workerId: string;
  now: number;
  /** A claim older than this is a dead worker's. */
  leaseMs: number;
  limit: number;
}

/**
 * Takes up to `limit` due mails for this worker in one UPDATE (PostgreSQL skips rows another
 * claim has locked; SQLite has one writer), as server/pdf/pdfJobs.ts takes a job. A lapsed claim
 * that was never handed to SMTP ('claimed') is taken again; a lapsed one that was ('sending')
 * may have been delivered, so it is never sent again: it becomes 'unknown' (docs/decisions/072).
 */
export async function claimDueSends(db: Kysely<DB>, rules: ClaimRules): Promise<SendClaim[]> {
  const { workerId, now, leaseMs, limit } = rules;
  const lapsedBefore = now - leaseMs;
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'unknown', error: 'interrupted while sending' })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', lapsedBefore)
    .execute();
  const due = db
    .selectFrom('newsletter_sends')
    .select('id')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]), eb.and([eb('status', '=', 'claimed'), eb('claimed_at', '<', lapsedBefore)])]),
    )
    .orderBy('id')
    .limit(limit);
  const rows = await db
    .updateTable('newsletter_sends')
    .set({ status: 'claimed', claimed_by: workerId, claimed_at: now })
    .where('id', 'in', engineOf(db) === 'postgres' ? due.forUpdate().skipLocked() : due)
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]), eb.and([eb('status', '=', 'claimed'), eb('claimed_at', '<', lapsedBefore)])]),
    )
    .returning(['id', 'article_id', 'subscription_id', 'attempts'])
    .execute();
  return rows
    .map((row) => ({ id: row.id, articleId: row.article_id, subscriptionId: row.subscription_id, workerId, attempts: row.attempts }))
    .sort((a, b) => a.id - b.id);
}

/** Right before SMTP: from here a lost claim is never sent again. False when the claim was lost. */
export async function markSending(db: Kysely<DB>, claim: SendClaim, now: number): Promise<boolean> {
  const done = await stillClaimed(db, claim, 'claimed')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function markSent(db: Kysely<DB>, claim: SendClaim, now: number): Promise<void> {
  await stillClaimed(db, claim, 'sending').set({ status: 'sent', sent_at: now, error: '' }).execute();
}

/** SMTP did not take it (a 4xx, no connection): due again at `nextAt`, or failed for good. */
export async function markRetry(db: Kysely<DB>, claim: SendClaim, error: string, nextAt: number | null): Promise<void> {
  await stillClaimed(db, claim, 'sending')
    .set(
      nextAt === null
        ? { status: 'failed', error: error.slice(0, MAX_ERROR_LENGTH) }
        : { status: 'pending', next_at: nextAt, error: error.slice(0, MAX_ERROR_LENGTH) },
    )
    .execute();
}

/** A held mail that is not to go (the subscription stopped, the article went private): skipped. */
export async function markSkipped(db: Kysely<DB>, claim: SendClaim, reason: string): Promise<void> {
  await stillClaimed(db, claim, 'claimed').set({ status: 'skipped', error: reason }).execute();
}

/** Hands held, untried mails back (shutdown): another worker takes them at once. */
export async function releaseClaims(db: Kysely<DB>, claims: readonly SendClaim[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'pending', claimed_by: null, claimed_at: null })
    .where(
      'id',
      'in',
      claims.map((claim) => claim.id),
    )
    .where('status', '=', 'claimed')
    .where('claimed_by', '=', claims[0]?.workerId ?? '')
    .execute();
}

/**
 * A hard bounce (5xx to RCPT or DATA): the mail is 'bounced', the subscription too, and its other
 * waiting mails are skipped: the address gets nothing more until its reader opts in again.
 */
export async function markBounced(db: Kysely<DB>, claim: SendClaim, error: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await stillClaimed(trx, claim, 'sending')
      .set({ status: 'bounced', error: error.slice(0, MAX_ERROR_LENGTH) })
      .execute();
    await trx
      .updateTable('newsletter_subscriptions')
      .set({ status: 'bounced', updated_at: now })
      .where('id', '=', claim.subscriptionId)
      .where('status', '=', 'active')
      .execute();
    await skipWaitingSends(trx, claim.subscriptionId);
  });
}

function stillClaimed(db: Kysely<DB>, claim: SendClaim, status: 'claimed' | 'sending') {
  return db.updateTable('newsletter_sends').where('id', '=', claim.id).where('status', '=', status).where('claimed_by', '=', claim.workerId);
}
