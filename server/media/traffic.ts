import type { Kysely, Transaction } from 'kysely';
import { effectiveRole } from '../../shared/membership';
import { TRAFFIC_LIMITS, trafficMonth, trafficPeriod } from '../../shared/traffic';
import type { DB, User } from '../db/schema';

/** A user's upload traffic in the month holding `now`. */
export interface TrafficMeter {
  begin: number;
  end: number;
  bytesLimit: number;
  bytesUsed: number;
}

type Limited = Pick<User, 'id' | 'role' | 'membership_tier' | 'membership_expires_at'>;

/** The month's traffic: the limit of the tier the user acts with now, and what their uploads used. */
export async function currentTraffic(db: Kysely<DB>, user: Limited, now: number): Promise<TrafficMeter> {
  const row = await db
    .selectFrom('media_traffic')
    .select('bytes_used')
    .where('user_id', '=', user.id)
    .where('month', '=', trafficMonth(now))
    .executeTakeFirst();
  return { ...trafficPeriod(now), bytesLimit: trafficLimit(user, now), bytesUsed: Number(row?.bytes_used ?? 0) };
}

export function trafficLimit(user: Limited, now: number): number {
  return TRAFFIC_LIMITS[effectiveRole(user.role, user.membership_tier, user.membership_expires_at, now)];
}

/**
 * Adds `bytes` to the month's traffic unless that would pass `limit`; false, and nothing
 * changed, when it would. One conditional update, so two uploads at once cannot both
 * squeeze through the last megabytes.
 */
export async function chargeTraffic(trx: Transaction<DB>, userId: number, bytes: number, limit: number, now: number): Promise<boolean> {
  const month = trafficMonth(now);
  await trx
    .insertInto('media_traffic')
    .values({ user_id: userId, month, bytes_used: 0 })
    .onConflict((c) => c.columns(['user_id', 'month']).doNothing())
    .execute();
  const result = await trx
    .updateTable('media_traffic')
    .set((eb) => ({ bytes_used: eb('bytes_used', '+', bytes) }))
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where((eb) => eb(eb('bytes_used', '+', bytes), '<=', limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
