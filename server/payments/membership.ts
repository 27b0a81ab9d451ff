import type { Transaction } from 'kysely';
import { MEMBER_TIERS, type MemberTier } from '../../shared/constants';
import type { AccountRole } from '../../shared/entities';
import { effectiveRole } from '../../shared/membership';
import { findMembershipProduct, membershipProductKey, type MembershipKind } from '../../shared/membershipProducts';
import { contentChanged } from '../content/changes';
import type { DB, User } from '../db/schema';
import { formatCents } from '../../shared/money';
import type { MembershipDescription, MembershipPrice, MembershipState } from '../../shared/payments';
import type { SubscriptionState } from '../../shared/subscriptions';

const TIER_RANK: Readonly<Record<MemberTier, number>> = { premium: 1, vip: 2, enterprise: 3 };

/**
 * Adds paid months to a user's membership (docs/decisions/025): the time runs on from
 * max(now, current expiry). Buying a higher tier while a lower one runs makes the whole
 * remaining time the higher tier; a lower tier bought during a higher one keeps the higher.
 * Records the content change of the member's pages in the same transaction.
 */
export async function extendMembership(trx: Transaction<DB>, userId: number, level: MemberTier, months: number, now: number): Promise<{ expiresAt: number }> {
  const user = await trx
    .selectFrom('users')
    .select(['username', 'membership_tier', 'membership_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const currentExpiry = Number(user.membership_expires_at ?? 0);
  const running = user.membership_tier !== null && currentExpiry > now;
  const from = running ? currentExpiry : now;
  const expiresAt = addMonths(from, months);
  const tier = running && user.membership_tier !== null && TIER_RANK[user.membership_tier] > TIER_RANK[level] ? user.membership_tier : level;
  await trx.updateTable('users').set({ membership_tier: tier, membership_expires_at: expiresAt }).where('id', '=', userId).execute();
  // The member's column and articles change ('User Expired' lifts, the badge).
  await contentChanged(trx, [`author:${user.username}`], now);
  return { expiresAt };
}

/** Calendar months in UTC; the 31st plus one month clamps to the last day of the next month. */
export function addMonths(epochMs: number, months: number): number {
  const date = new Date(epochMs);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The price list, by kind; a level appears under a kind only when both periods are sold. */
export function membershipDescription(): MembershipDescription {
  const byKind = (kind: MembershipKind): MembershipPrice[] =>
    MEMBER_TIERS.flatMap((level) => {
      const monthly = findMembershipProduct(membershipProductKey(level, 'monthly', kind));
      const annual = findMembershipProduct(membershipProductKey(level, 'annual', kind));
      if (!monthly || !annual) return [];
      return [
        {
          level,
          monthly_key: monthly.key,
          annual_key: annual.key,
          monthly_price: formatCents(monthly.amountCents),
          annual_price: formatCents(annual.amountCents),
          origin_annual_price: annual.originCents === null ? null : formatCents(annual.originCents),
          currency: 'CNY' as const,
          currency_symbol: '¥' as const,
          renewal: kind === 'subscription',
        },
      ];
    });
  return { manual: byKind('manual'), subscription: byKind('subscription') };
}

/** The API's membership state (shared/payments.ts MembershipState), with the server's own narrower types. */
export interface CurrentMembershipJson extends MembershipState {
  level: MemberTier | null;
  expires: string | null;
  renewal: boolean;
  expired: boolean;
  effective_role: AccountRole;
  subscription: SubscriptionState | null;
}

/**
 * The caller's membership: tier and expiry as stored, and what they mean now; `renewal` is true while
 * a subscription with renewal on runs (decision 051), `subscription` the subscription as stored.
 */
export function currentMembership(
  user: Pick<User, 'role' | 'membership_tier' | 'membership_expires_at'>,
  now: number,
  subscription: SubscriptionState | null = null,
): CurrentMembershipJson {
  const expiresAt = user.membership_expires_at === null ? null : Number(user.membership_expires_at);
  const expired = user.membership_tier !== null && (expiresAt === null || expiresAt <= now);
  return {
    level: user.membership_tier,
    expires: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    renewal: subscription !== null && subscription.renewal && user.membership_tier !== null && !expired,
    expired,
    effective_role: effectiveRole(user.role, user.membership_tier, expiresAt, now),
    subscription,
  };
}
