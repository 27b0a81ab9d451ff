import { DomainError } from '../../domain/DomainError';
import type { BillState, TransferBill } from '../wechatpay/transferBills';
import type { PayoutDeps } from './payoutDeps';
import { markAwaitingPayee, markFailed, markPaid, markProcessing, NOTE_CANCELLING, notePending, type PayoutStep, type WithdrawalRow } from './payoutOutcome';

/** What a bill's answer, query or notification says, as one step takes it. */
export interface BillWord {
  state: BillState;
  billNo: string | null;
  failReason: string | null;
  /** Only the send's answer carries it. */
  packageInfo: string | null;
}

/**
 * WeChat Pay's word on a withdrawal's transfer bill, from any path (the send's answer, a query,
 * the notification): SUCCESS pays it, FAIL fails it and CANCELLED cancels it (both give the money
 * back), each once whatever path comes first — the open-status guard in one transaction decides
 * (payoutOutcome.ts). WAIT_USER_CONFIRM waits for the payee; the other states are on the way.
 */
export async function applyBillWord(deps: PayoutDeps, row: WithdrawalRow, word: BillWord, via: string): Promise<PayoutStep> {
  const context = { withdrawal: row.id, outBillNo: row.out_batch_no, state: word.state, via };
  switch (word.state) {
    case 'SUCCESS':
      if (await markPaid(deps.db, row, deps.now())) deps.logger.info(context, 'Withdrawal paid by WeChat Pay');
      return 'paid';
    case 'FAIL':
    case 'CANCELLED': {
      const outcome = word.state === 'FAIL' ? 'failed' : 'cancelled';
      const reason = word.failReason ?? word.state;
      if (await markFailed(deps.db, row, reason, deps.now(), outcome))
        deps.logger.warn({ ...context, reason }, `Withdrawal ${outcome} at WeChat Pay: the money is back in the wallet`);
      return outcome;
    }
    case 'WAIT_USER_CONFIRM':
      await markAwaitingPayee(deps.db, row, word.billNo, word.packageInfo);
      return 'awaiting_payee';
    case 'CANCELING':
      if (row.status === 'awaiting_payee') await notePending(deps.db, row, NOTE_CANCELLING, null, 'awaiting_payee');
      return row.status === 'awaiting_payee' ? 'awaiting_payee' : 'processing';
    default:
      await markProcessing(deps.db, row, word.billNo);
      return 'processing';
  }
}

/** A bill as a query or the notification describes it, checked against the withdrawal (merchant, app, amount, payee) before it counts. */
export async function applyBill(deps: PayoutDeps, row: WithdrawalRow, bill: TransferBill, via: string): Promise<PayoutStep> {
  const mchid = bill.mch_id ?? bill.mchid;
  if (
    bill.out_bill_no !== row.out_batch_no ||
    bill.transfer_amount !== Number(row.amount_cents) ||
    (mchid !== undefined && mchid !== deps.mchid) ||
    (bill.appid !== undefined && bill.appid !== deps.appId) ||
    (bill.openid !== undefined && bill.openid !== row.open_id)
  ) {
    deps.logger.error(
      { withdrawal: row.id, outBillNo: row.out_batch_no, via, got: { amount: bill.transfer_amount, mchid, appid: bill.appid, openid: bill.openid } },
      'WeChat Pay describes a transfer bill unlike our withdrawal: nothing changed',
    );
    throw new DomainError('invalid', `The transfer bill ${bill.out_bill_no} differs from withdrawal ${row.id}.`);
  }
  return applyBillWord(deps, row, { state: bill.state, billNo: bill.transfer_bill_no ?? null, failReason: bill.fail_reason ?? null, packageInfo: null }, via);
}
