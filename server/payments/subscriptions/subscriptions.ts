import type { Kysely, Selectable, Transaction } from 'kysely';
import { findMembershipProduct, type MembershipProduct } from '../../../shared/membershipProducts';
import type { SubscriptionState } from '../../../shared/subscriptions';
import type { DB, SubscriptionsTable } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import { membershipRunning, subscriptionOrderRefusal } from './rules';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export const NO_SUBSCRIPTION = 'You have no subscription.';

/** The member's one subscription, if any (docs/decisions/051). */
export async function loadSubscription(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The subscription as the membership call answers it; null when none (or its product is no longer sold). */
export function subscriptionState(row: SubscriptionRow | undefined): SubscriptionState | null {
  const product = row && findMembershipProduct(row.identity);
  if (!row || !product) return null;
  return { identity: product.key, level: product.level, period: product.period, renewal: Number(row.renewal) === 1 };
}

/** Refuses ('invalid') a subscription order the price rule of decision 051 does not allow. */
export async function checkSubscriptionOrder(db: Kysely<DB> | Transaction<DB>, userId: number, product: MembershipProduct, now: number): Promise<void> {
  if (product.kind !== 'subscription') return;
  const [subscription, user] = await Promise.all([
    loadSubscription(db, userId),
    db.selectFrom('users').select(['membership_tier', 'membership_expires_at']).where('id', '=', userId).executeTakeFirst(),
  ]);
  const expiresAt = user?.membership_expires_at === null || user?.membership_expires_at === undefined ? null : Number(user.membership_expires_at);
  const refusal = subscriptionOrderRefusal(product, {
    subscription: subscription ? { renewal: Number(subscription.renewal) === 1 } : null,
    membershipRunning: membershipRunning(user?.membership_tier ?? null, expiresAt, now),
  });
  if (refusal) throw new DomainError('invalid', refusal);
}

/**
 * A paid subscription order, in the fulfilment's transaction: the subscription now renews this
 * product, with renewal on (paying is renewing). Its first start is kept.
 */
export async function recordSubscription(trx: Transaction<DB>, userId: number, product: MembershipProduct, now: number): Promise<void> {
  await trx
    .insertInto('subscriptions')
    .values({ user_id: userId, identity: product.key, renewal: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ identity: product.key, renewal: 1, updated_at: now }))
    .execute();
}

/** Turns the caller's renewal on or off; 'invalid' when they have no subscription. */
export async function setRenewal(db: Kysely<DB>, userId: number, renewal: boolean, now: number): Promise<SubscriptionRow> {
  const updated = await db
    .updateTable('subscriptions')
    .set({ renewal: renewal ? 1 : 0, updated_at: now })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new DomainError('invalid', NO_SUBSCRIPTION);
  return updated;
}
