import type { Transaction } from 'kysely';
import type { MemberTier } from '../../shared/constants';
import type { DB } from '../db/schema';

const TIER_RANK: Readonly<Record<MemberTier, number>> = { premium: 1, vip: 2, enterprise: 3 };

/**
 * Adds paid months to a user's membership (docs/decisions/025): the time runs on from
 * max(now, current expiry). Buying a higher tier while a lower one runs makes the whole
 * remaining time the higher tier; a lower tier bought during a higher one keeps the higher.
 */
export async function extendMembership(
  trx: Transaction<DB>,
  userId: number,
  level: MemberTier,
  months: number,
  now: number,
): Promise<{ expiresAt: number }> {
  const user = await trx
    .selectFrom('users')
    .select(['membership_tier', 'membership_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const currentExpiry = Number(user.membership_expires_at ?? 0);
  const running = user.membership_tier !== null && currentExpiry > now;
  const from = running ? currentExpiry : now;
  const expiresAt = addMonths(from, months);
  const tier = running && user.membership_tier !== null && TIER_RANK[user.membership_tier] > TIER_RANK[level] ? user.membership_tier : level;
  await trx
    .updateTable('users')
    .set({ membership_tier: tier, membership_expires_at: expiresAt })
    .where('id', '=', userId)
    .execute();
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
