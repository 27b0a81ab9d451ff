import type { PayoutDeps } from './payoutDeps';
import { OPEN_STATUSES, type WithdrawalRow } from './payoutOutcome';

/**
 * Takes a withdrawal for one send or query: one statement, so of concurrent callers in any
 * processes (the request, the sweep, an operator's retry) one gets it and the others skip until
 * `claimMs` has passed. Only an open withdrawal with transfer numbers can be claimed.
 */
export async function claimPayout(deps: Pick<PayoutDeps, 'db' | 'now' | 'claimMs'>, id: number): Promise<WithdrawalRow | undefined> {
  const now = deps.now();
  return deps.db
    .updateTable('withdrawals')
    .set({ attempted_at: now })
    .where('id', '=', id)
    .where('status', 'in', OPEN_STATUSES)
    .where('out_batch_no', 'is not', null)
    .where((eb) => eb.or([eb('attempted_at', 'is', null), eb('attempted_at', '<=', now - deps.claimMs), eb('attempted_at', '>', now)]))
    .returningAll()
    .executeTakeFirst();
}
