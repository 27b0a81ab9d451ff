import { queryTransfer, type TransferDetail } from '../wechatpay/transfers';
import { queryBill } from '../wechatpay/transferBills';
import { applyBill } from './followBill';
import type { PayoutDeps } from './payoutDeps';
import { markFailed, markPaid, markProcessing, type PayoutStep, type WithdrawalRow } from './payoutOutcome';
import { sendPayout } from './sendPayout';

export type { PayoutStep } from './payoutOutcome';

/**
 * One step of a claimed open withdrawal: never sent, it is sent; sent before, WeChat Pay is asked
 * about it first (a bill: GET …/transfer-bills/out-bill-no/…; a batch: GET …/details/out-detail-no/…)
 * — a transfer it knows is followed, never sent again; one it does not know is sent again
 * (pending) or waited for (processing: being accepted). SUCCESS pays the withdrawal, FAIL (and a
 * bill's CANCELLED) gives the money back, each once.
 */
export async function advancePayout(deps: PayoutDeps, row: WithdrawalRow): Promise<PayoutStep> {
  if (row.status === 'pending' && row.attempts === 0) return stepAfterSend(deps, row);
  if (row.transfer_api === 'bills') return advanceBill(deps, row);
  const { out_batch_no: outBatchNo, out_detail_no: outDetailNo } = row;
  if (!outBatchNo || !outDetailNo) throw new Error(`withdrawal ${row.id} has no transfer numbers`);
  const detail = await queryTransfer(deps.client, outBatchNo, outDetailNo);
  if (!detail) return row.status === 'pending' ? stepAfterSend(deps, row) : 'processing';
  return apply(deps, row, detail);
}

async function stepAfterSend(deps: PayoutDeps, row: WithdrawalRow): Promise<PayoutStep> {
  const sent = await sendPayout(deps, row);
  return sent.kind === 'accepted' ? sent.step : sent.kind === 'refused' ? 'failed' : 'pending';
}

/**
 * A bill asked about by its out_bill_no. One that waits for the payee while we lack its
 * package_info (the send's answer was lost) is sent again with the same body: WeChat Pay answers a
 * bill it has with that bill, package_info included.
 */
async function advanceBill(deps: PayoutDeps, row: WithdrawalRow): Promise<PayoutStep> {
  const outBillNo = row.out_batch_no;
  if (!outBillNo) throw new Error(`withdrawal ${row.id} has no transfer number`);
  const bill = await queryBill(deps.client, outBillNo);
  if (!bill) return row.status === 'pending' ? stepAfterSend(deps, row) : row.status === 'awaiting_payee' ? 'awaiting_payee' : 'processing';
  if (bill.state === 'WAIT_USER_CONFIRM' && row.package_info === null) {
    await applyBill(deps, row, bill, 'query');
    return stepAfterSend(deps, { ...row, status: 'awaiting_payee' });
  }
  return applyBill(deps, row, bill, 'query');
}

/** WeChat Pay's word on the detail, checked against the withdrawal (app, amount, payee) before it counts. */
async function apply(deps: PayoutDeps, row: WithdrawalRow, detail: TransferDetail): Promise<PayoutStep> {
  const context = { withdrawal: row.id, outBatchNo: row.out_batch_no, status: detail.detail_status };
  if (
    detail.out_detail_no !== row.out_detail_no ||
    detail.transfer_amount !== Number(row.amount_cents) ||
    (detail.appid !== undefined && detail.appid !== deps.appId) ||
    (detail.openid !== undefined && detail.openid !== row.open_id)
  ) {
    deps.logger.error(
      { ...context, got: { amount: detail.transfer_amount, appid: detail.appid, openid: detail.openid } },
      'WeChat Pay describes a withdrawal transfer unlike ours: nothing changed',
    );
    throw new Error(`WeChat Pay's transfer ${row.out_detail_no ?? ''} differs from withdrawal ${row.id}`);
  }
  switch (detail.detail_status) {
    case 'SUCCESS':
      if (await markPaid(deps.db, row, deps.now())) deps.logger.info(context, 'Withdrawal paid by WeChat Pay');
      return 'paid';
    case 'FAIL': {
      const reason = detail.fail_reason ?? 'FAIL';
      if (await markFailed(deps.db, row, reason, deps.now()))
        deps.logger.warn({ ...context, reason }, 'Withdrawal failed at WeChat Pay: the money is back in the wallet');
      return 'failed';
    }
    default:
      if (row.status === 'pending') await markProcessing(deps.db, row, detail.batch_id ?? null);
      return 'processing';
  }
}
