import { formatCents } from '../../../shared/money';
import { WechatPayUpstreamError } from '../wechatpay/client';
import { sendTransfer } from '../wechatpay/transfers';
import type { PayoutDeps } from './payoutDeps';
import { markFailed, markProcessing, notePending, type WithdrawalRow } from './payoutOutcome';

/** What a send came to: accepted (processing), refused (the withdrawal failed, money back), or unknown (still pending, sent again later). */
export type SendOutcome = { kind: 'accepted' } | { kind: 'refused'; reason: string } | { kind: 'unknown'; reason: string };

/** No answer, a 5xx, a busy or system error, or an answer we cannot believe: WeChat Pay may or may not have the transfer. */
export function outcomeUnknown(error: WechatPayUpstreamError): boolean {
  if (error.status === null || error.status >= 500 || error.status < 400) return true;
  return error.code === null || error.code === 'FREQUENCY_LIMITED' || error.code === 'SYSTEM_ERROR';
}

/**
 * Sends a claimed withdrawal's transfer (POST /v3/transfer/batches) with its fixed numbers. The
 * send is counted before it goes, so a process that dies meanwhile leaves a withdrawal the next
 * step asks about before sending again. A refusal of the first send fails the withdrawal and
 * gives the money back; a refusal of a later send leaves it pending (an earlier send, whose answer
 * was lost, may have been accepted: the next step asks WeChat Pay before anything else).
 */
export async function sendPayout(deps: PayoutDeps, row: WithdrawalRow): Promise<SendOutcome> {
  const { db, logger } = deps;
  const { out_batch_no: outBatchNo, out_detail_no: outDetailNo } = row;
  if (!outBatchNo || !outDetailNo) throw new Error(`withdrawal ${row.id} has no transfer numbers`);
  await db
    .updateTable('withdrawals')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), attempted_at: deps.now() }))
    .where('id', '=', row.id)
    .execute();
  const context = { withdrawal: row.id, outBatchNo, attempt: row.attempts + 1 };
  try {
    const answer = await sendTransfer(deps.client, {
      appId: deps.appId,
      outBatchNo,
      outDetailNo,
      amountFen: Number(row.amount_cents),
      openid: row.open_id,
      remark: `${deps.siteName} withdrawal ${formatCents(Number(row.amount_cents))}`,
      batchName: `${deps.siteName} withdrawal ${row.id}`,
    });
    await markProcessing(db, row, answer.batch_id);
    logger.info({ ...context, batchId: answer.batch_id }, 'WeChat Pay accepted a withdrawal transfer');
    return { kind: 'accepted' };
  } catch (error) {
    if (!(error instanceof WechatPayUpstreamError)) throw error;
    const reason = error.code ?? (error.status === null ? 'NO_ANSWER' : `HTTP_${error.status}`);
    if (outcomeUnknown(error)) {
      logger.warn({ ...context, err: error }, 'WeChat Pay did not take a withdrawal transfer: it is sent again later');
      await notePending(db, row, `Not yet accepted by WeChat Pay (${reason}): it is sent again shortly.`, reason);
      return { kind: 'unknown', reason };
    }
    if (row.attempts > 0) {
      logger.error({ ...context, err: error }, 'WeChat Pay refused a repeated withdrawal transfer: left pending, asked about again');
      await notePending(db, row, `WeChat Pay refused a repeated send (${reason}): it is asked about again shortly.`, reason);
      return { kind: 'unknown', reason };
    }
    logger.error({ ...context, err: error }, 'WeChat Pay refused a withdrawal transfer: the money goes back to the wallet');
    await markFailed(db, row, reason, deps.now());
    return { kind: 'refused', reason };
  }
}
