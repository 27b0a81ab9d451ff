import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Withdrawal } from '../../../shared/payments';
import { withdrawalView } from '../../payments/withdrawalView';

/** One page of the user's withdrawals, newest first, each in its real state (docs/decisions/050, 064) with its note. */
export async function userWithdrawals(
  db: Kysely<DB>,
  userId: number,
  page: number,
  pageSize: number,
  mchid?: string,
): Promise<{ count: number; results: Withdrawal[] }> {
  const counted = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(counted?.n ?? 0), results: rows.map((row) => withdrawalView(row, mchid)) };
}
