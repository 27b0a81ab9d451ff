import { formatCents } from '../../shared/money';
import type { Withdrawal } from '../../shared/payments';
import type { WithdrawalRow } from './payouts/payoutOutcome';

/** A withdrawal as the API shows it: its real state and the note that says why. */
export function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: formatCents(Number(row.amount_cents)),
    currency: 'CNY',
    currency_symbol: '¥',
    status: row.status,
    note: row.note,
    created: new Date(Number(row.created_at)).toISOString(),
  };
}
