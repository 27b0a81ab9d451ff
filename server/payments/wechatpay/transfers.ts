import { z } from 'zod';
import type { WechatPayClient } from './client';
import { WechatPayUpstreamError } from './client';

/**
 * WeChat Pay API v3's merchant transfer to balance (商家转账到零钱, docs/decisions/050): one batch of
 * one detail per withdrawal. The calls go through WechatPayClient.call, so they are signed with
 * the merchant key and their answers verified with WeChat Pay's key like every other call.
 */

/** What one transfer is sent with. */
export interface TransferRequest {
  appId: string;
  outBatchNo: string;
  outDetailNo: string;
  amountFen: number;
  openid: string;
  /** Shown to the payee in WeChat (at most 32 characters). */
  remark: string;
  /** Shown in the merchant platform (at most 32 characters). */
  batchName: string;
}

/** The answer to a batch: WeChat Pay accepted it (its batch id); the details are asked for after. */
export const batchAnswerSchema = z.object({
  out_batch_no: z.string(),
  batch_id: z.string().min(1).max(64),
  create_time: z.string().optional(),
  batch_status: z.string().optional(),
});
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;

/** A detail's state: INIT, WAIT_PAY and PROCESSING are on the way; SUCCESS and FAIL (with fail_reason) are final. */
export const transferDetailSchema = z.object({
  mchid: z.string().optional(),
  appid: z.string().optional(),
  out_batch_no: z.string(),
  batch_id: z.string().optional(),
  out_detail_no: z.string(),
  detail_id: z.string().optional(),
  detail_status: z.enum(['INIT', 'WAIT_PAY', 'PROCESSING', 'SUCCESS', 'FAIL']),
  transfer_amount: z.number().int(),
  fail_reason: z.string().optional(),
  openid: z.string().optional(),
  initiate_time: z.string().optional(),
  update_time: z.string().optional(),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

/** POST /v3/transfer/batches: one batch of one detail. Sent again with the same numbers, it is the same transfer. */
export async function sendTransfer(client: WechatPayClient, request: TransferRequest): Promise<BatchAnswer> {
  const body = await client.call('POST', '/v3/transfer/batches', {
    appid: request.appId,
    out_batch_no: request.outBatchNo,
    batch_name: request.batchName.slice(0, 32),
    batch_remark: request.remark.slice(0, 32),
    total_amount: request.amountFen,
    total_num: 1,
    transfer_detail_list: [
      { out_detail_no: request.outDetailNo, transfer_amount: request.amountFen, transfer_remark: request.remark.slice(0, 32), openid: request.openid },
    ],
  });
  return parsed(batchAnswerSchema, body, 'transfer batch');
}

/**
 * GET /v3/transfer/batches/out-batch-no/{no}/details/out-detail-no/{no}: the detail as it is now,
 * or null when WeChat Pay knows none (not accepted, or still being accepted: never a failure).
 */
export async function queryTransfer(client: WechatPayClient, outBatchNo: string, outDetailNo: string): Promise<TransferDetail | null> {
  const path = `/v3/transfer/batches/out-batch-no/${encodeURIComponent(outBatchNo)}/details/out-detail-no/${encodeURIComponent(outDetailNo)}`;
  try {
    return parsed(transferDetailSchema, await client.call('GET', path), 'transfer detail');
  } catch (error) {
    if (error instanceof WechatPayUpstreamError && error.status === 404 && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new WechatPayUpstreamError(`WeChat Pay's ${what} answer has an unexpected shape`, 200);
  return result.data;
}
