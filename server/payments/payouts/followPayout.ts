import { queryTransfer, type TransferDetail } from '../wechatpay/transfers';
import type { PayoutDeps } from './payoutDeps';
import { markFailed, markPaid, markProcessing, type WithdrawalRow } from './payoutOutcome';
import { sendPayout } from './sendPayout';

/** Where a withdrawal stands after a step. */
export type PayoutStep = 'pending' | 'processing' | 'paid' | 'failed';

/**
 * One step of a claimed open withdrawal: never sent, it is sent; sent before, WeChat Pay is asked
 * about it first (GET …/details/out-detail-no/…) — a transfer it knows is followed, never sent
 * again; one it does not know is sent again (pending) or waited for (processing: being accepted).
 * SUCCESS pays the withdrawal, FAIL gives the money back, both once.
 */
export async function advancePayout(deps: PayoutDeps, row: WithdrawalRow): Promise<PayoutStep> {
  if (row.status === 'pending' && row.attempts === 0) return stepAfterSend(deps, row);
  const { out_batch_no: outBatchNo, out_detail_no: outDetailNo } = row;
  if (!outBatchNo || !outDetailNo) throw new Error(`withdrawal ${row.id} has no transfer numbers`);
  const detail = await queryTransfer(deps.client, outBatchNo, outDetailNo);
  if (!detail) return row.status === 'pending' ? stepAfterSend(deps, row) : 'processing';
  return apply(deps, row, detail);
}

async function stepAfterSend(deps: PayoutDeps, row: WithdrawalRow): Promise<PayoutStep> {
  const sent = await sendPayout(deps, row);
  return sent.kind === 'accepted' ? 'processing' : sent.kind === 'refused' ? 'failed' : 'pending';
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
