import type { Kysely } from 'kysely';
import { countThenPage } from '../db/countThenPage';
import type { DB } from '../db/schema';
import type { Withdrawal } from '../../shared/payments';
import { withdrawalView } from './withdrawalView';

/** One page of the user's withdrawals, newest first, each in its real state (docs/decisions/050, 064) with its note. */
export async function userWithdrawals(
  db: Kysely<DB>,
  userId: number,
  page: number,
  pageSize: number,
  mchid?: string,
): Promise<{ count: number; results: Withdrawal[] }> {
  const { count, rows } = await countThenPage(db.selectFrom('withdrawals').where('user_id', '=', userId), page, pageSize, (slice) =>
    slice.selectAll().orderBy('id', 'desc').execute(),
  );
  return { count, results: rows.map((row) => withdrawalView(row, mchid)) };
}
