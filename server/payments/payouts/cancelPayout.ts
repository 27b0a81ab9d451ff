import { DomainError } from '../../domain/DomainError';
import { cancelBill } from '../wechatpay/transferBills';
import { applyBillWord } from './followBill';
import type { PayoutDeps } from './payoutDeps';

/**
 * The author cancels their own withdrawal whose transfer bill waits for their confirmation
 * (POST …/out-bill-no/{no}/cancel, taken only before the payee confirms). WeChat Pay answers
 * CANCELING, then CANCELLED: the money comes back to the wallet once, when the notification, a
 * query or this answer says CANCELLED (server/payments/payouts/followBill.ts). WeChat Pay's
 * refusal (the payee confirmed meanwhile) is a WechatPayUpstreamError and changes nothing here.
 * It takes no claim (claimPayout.ts keeps sends and queries apart; a cancel beside a query is
 * harmless, and the author need not wait for the send's claim to lapse).
 */
export async function cancelPayout(deps: PayoutDeps, userId: number, id: number): Promise<void> {
  const row = await deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'No such withdrawal.');
  if (row.status !== 'awaiting_payee' || row.transfer_api !== 'bills' || !row.out_batch_no) {
    throw new DomainError('invalid', 'Only a withdrawal waiting for your confirmation in WeChat can be cancelled.');
  }
  const state = await cancelBill(deps.client, row.out_batch_no);
  deps.logger.info({ withdrawal: id, outBillNo: row.out_batch_no, state }, 'Withdrawal transfer bill cancelled by its author');
  await applyBillWord(deps, row, { state, billNo: null, failReason: null, packageInfo: null }, 'cancel');
}
