import { formatCents } from '../../../shared/money';
import { WechatPayUpstreamError } from '../wechatpay/client';
import { sendTransfer } from '../wechatpay/transfers';
import { sendBill } from '../wechatpay/transferBills';
import { applyBillWord } from './followBill';
import type { PayoutDeps } from './payoutDeps';
import { markFailed, markProcessing, notePending, type PayoutStep, type WithdrawalRow } from './payoutOutcome';

/**
 * What a send came to: accepted (processing, or a bill awaiting the payee), refused (the
 * withdrawal failed, money back), or unknown (still pending, sent again later).
 */
export type SendOutcome = { kind: 'accepted'; step: PayoutStep } | { kind: 'refused'; reason: string } | { kind: 'unknown'; reason: string };

/** No answer, a 5xx, a busy or system error, or an answer we cannot believe: WeChat Pay may or may not have the transfer. */
export function outcomeUnknown(error: WechatPayUpstreamError): boolean {
  if (error.status === null || error.status >= 500 || error.status < 400) return true;
  return error.code === null || error.code === 'FREQUENCY_LIMITED' || error.code === 'SYSTEM_ERROR';
}

/**
 * Sends a claimed withdrawal's transfer with its fixed numbers: a transfer bill
 * (POST /v3/fund-app/mch-transfer/transfer-bills, docs/decisions/064) or a batch
 * (POST /v3/transfer/batches, docs/decisions/050), as the withdrawal was recorded. The send is
 * counted before it goes, so a process that dies meanwhile leaves a withdrawal the next step asks
 * about before sending again. A refusal of the first send fails the withdrawal and gives the money
 * back; a refusal of a later send leaves it pending (an earlier send, whose answer was lost, may
 * have been accepted: the next step asks WeChat Pay before anything else).
 */
export async function sendPayout(deps: PayoutDeps, row: WithdrawalRow): Promise<SendOutcome> {
  const { db, logger } = deps;
  const { out_batch_no: outBatchNo, out_detail_no: outDetailNo } = row;
  if (!outBatchNo || (row.transfer_api !== 'bills' && !outDetailNo)) throw new Error(`withdrawal ${row.id} has no transfer numbers`);
  await db
    .updateTable('withdrawals')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), attempted_at: deps.now() }))
    .where('id', '=', row.id)
    .execute();
  const context = { withdrawal: row.id, outBatchNo, api: row.transfer_api, attempt: row.attempts + 1 };
  const remark = `${deps.siteName} withdrawal ${formatCents(Number(row.amount_cents))}`;
  try {
    if (row.transfer_api === 'bills') {
      const answer = await sendBill(deps.client, {
        appId: deps.appId,
        outBillNo: outBatchNo,
        amountFen: Number(row.amount_cents),
        openid: row.open_id,
        remark,
        notifyUrl: deps.notifyUrl,
        siteName: deps.siteName,
      });
      logger.info({ ...context, billNo: answer.transfer_bill_no, state: answer.state }, 'WeChat Pay answered a withdrawal transfer bill');
      const word = { state: answer.state, billNo: answer.transfer_bill_no, failReason: answer.fail_reason ?? null, packageInfo: answer.package_info ?? null };
      const step = await applyBillWord(deps, row, word, 'send');
      return step === 'failed' ? { kind: 'refused', reason: word.failReason ?? 'FAIL' } : { kind: 'accepted', step };
    }
    const answer = await sendTransfer(deps.client, {
      appId: deps.appId,
      outBatchNo,
      outDetailNo: outDetailNo ?? '',
      amountFen: Number(row.amount_cents),
      openid: row.open_id,
      remark,
      batchName: `${deps.siteName} withdrawal ${row.id}`,
    });
    await markProcessing(db, row, answer.batch_id);
    logger.info({ ...context, batchId: answer.batch_id }, 'WeChat Pay accepted a withdrawal transfer');
    return { kind: 'accepted', step: 'processing' };
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
