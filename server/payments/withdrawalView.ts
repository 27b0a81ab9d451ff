import { formatCents } from '../../shared/money';
import type { Withdrawal } from '../../shared/payments';
import type { WithdrawalRow } from './payouts/payoutOutcome';

/**
 * A withdrawal as the API shows it: its real state and the note that says why; one whose transfer
 * bill waits for the payee carries what wx.requestMerchantTransfer takes (docs/decisions/064),
 * given the merchant id (`mchid`, absent without WeChat Pay).
 */
export function withdrawalView(row: WithdrawalRow, mchid?: string): Withdrawal {
  return {
    id: row.id,
    amount: formatCents(Number(row.amount_cents)),
    currency: 'CNY',
    currency_symbol: '¥',
    status: row.status,
    note: row.note,
    created: new Date(Number(row.created_at)).toISOString(),
    ...(row.status === 'awaiting_payee' && row.package_info && mchid ? { confirm: { mch_id: mchid, app_id: row.app_id, package: row.package_info } } : {}),
  };
}
