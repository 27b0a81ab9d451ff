import { z } from 'zod';
import type { WechatPayClient } from './client';
import { WechatPayUpstreamError } from './client';

/**
 * WeChat Pay API v3's transfer bills (商家转账, docs/decisions/064), the product merchants get
 * since 15 January 2025: one bill per withdrawal, which the payee usually confirms in WeChat
 * (`package_info` handed to wx.requestMerchantTransfer). Signed and verified through
 * WechatPayClient.call like every other call.
 */

/** What a bill is sent with; its scene is 1005 (佣金报酬), reported with the two lines that scene asks for. */
export interface BillRequest {
  appId: string;
  outBillNo: string;
  amountFen: number;
  openid: string;
  /** Shown to the payee in WeChat (at most 32 characters). */
  remark: string;
  notifyUrl: string;
  /** The site's name: the reported 报酬说明. */
  siteName: string;
}

/** The scene a merchant opens for paying authors: 佣金报酬 (commissions and fees). */
export const TRANSFER_SCENE_ID = '1005';
/** What the payee is told the money is, one of the values scene 1005 takes. */
export const USER_RECV_PERCEPTION = '劳务报酬';

/** A bill's states: WAIT_USER_CONFIRM waits for the payee; SUCCESS, FAIL and CANCELLED are final. */
export const BILL_STATES = ['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM', 'TRANSFERING', 'SUCCESS', 'FAIL', 'CANCELING', 'CANCELLED'] as const;
export type BillState = (typeof BILL_STATES)[number];

/** The answer to a bill: its state, and package_info while it waits for the payee. */
export const billAnswerSchema = z.object({
  out_bill_no: z.string(),
  transfer_bill_no: z.string().min(1).max(64),
  create_time: z.string().optional(),
  state: z.enum(BILL_STATES),
  fail_reason: z.string().optional(),
  package_info: z.string().min(1).max(1024).optional(),
});
export type BillAnswer = z.infer<typeof billAnswerSchema>;

/** A bill as the query (GET …/out-bill-no/{no}) or the notification (MCHTRANSFER.BILL.FINISHED) describes it. */
export const billSchema = z.object({
  /** The query says mch_id, the notification mchid. */
  mch_id: z.string().optional(),
  mchid: z.string().optional(),
  appid: z.string().optional(),
  out_bill_no: z.string(),
  transfer_bill_no: z.string().max(64).optional(),
  state: z.enum(BILL_STATES),
  transfer_amount: z.number().int(),
  fail_reason: z.string().optional(),
  openid: z.string().optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});
export type TransferBill = z.infer<typeof billSchema>;

/** POST /v3/fund-app/mch-transfer/transfer-bills. Sent again with the same out_bill_no and body, it is the same bill. */
export async function sendBill(client: WechatPayClient, request: BillRequest): Promise<BillAnswer> {
  const body = await client.call('POST', '/v3/fund-app/mch-transfer/transfer-bills', {
    appid: request.appId,
    out_bill_no: request.outBillNo,
    transfer_scene_id: TRANSFER_SCENE_ID,
    openid: request.openid,
    transfer_amount: request.amountFen,
    transfer_remark: request.remark.slice(0, 32),
    notify_url: request.notifyUrl,
    user_recv_perception: USER_RECV_PERCEPTION,
    transfer_scene_report_infos: [
      { info_type: '岗位类型', info_content: '作者' },
      { info_type: '报酬说明', info_content: `${request.siteName} 稿费提现`.slice(0, 32) },
    ],
  });
  return parsed(billAnswerSchema, body, 'transfer bill');
}

/** GET …/transfer-bills/out-bill-no/{no}: the bill as it is now, or null when WeChat Pay knows none (404 NOT_FOUND). */
export async function queryBill(client: WechatPayClient, outBillNo: string): Promise<TransferBill | null> {
  try {
    return parsed(billSchema, await client.call('GET', `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}`), 'bill');
  } catch (error) {
    if (error instanceof WechatPayUpstreamError && error.status === 404 && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** POST …/out-bill-no/{no}/cancel: taken only before the payee confirms; the bill turns CANCELING, then CANCELLED (money back to the merchant). */
export async function cancelBill(client: WechatPayClient, outBillNo: string): Promise<BillState> {
  const body = await client.call('POST', `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}/cancel`);
  return parsed(z.object({ out_bill_no: z.string(), state: z.enum(BILL_STATES) }), body, 'bill cancel').state;
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new WechatPayUpstreamError(`WeChat Pay's ${what} answer has an unexpected shape`, 200);
  return result.data;
}
