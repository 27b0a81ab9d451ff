import { formatCents } from '../../../shared/money';
import { AlipayUpstreamError, type AlipayClient } from '../alipay/client';
import { WechatPayUpstreamError, type WechatPayClient } from '../wechatpay/client';

/**
 * What the provider said to a refund request: done now, being done (WeChat Pay's notification
 * follows, or the operator asks again), or refused (the refund failed; the order stays paid).
 */
export type ProviderAnswer = { kind: 'succeeded'; providerRefundId: string | null } | { kind: 'pending'; note: string } | { kind: 'refused'; reason: string };

export interface ProviderRefund {
  outTradeNo: string;
  outRefundNo: string;
  refundCents: number;
  totalCents: number;
  currency: string;
  reason: string | null;
}

/** What a WeChat Pay refund request needs of server/payments/wechatpay/wechatPay.ts (so this file need not import it). */
export interface WechatRefunder {
  client: Pick<WechatPayClient, 'refund'>;
  refundNotifyUrl: string;
}

/** POST /v3/refund/domestic/refunds. An error answer with a code (4xx) is a refusal; no answer or a 5xx leaves it pending. */
export async function askWechatPay(wechatPay: WechatRefunder, refund: ProviderRefund): Promise<ProviderAnswer> {
  try {
    const answer = await wechatPay.client.refund({
      outTradeNo: refund.outTradeNo,
      outRefundNo: refund.outRefundNo,
      reason: refund.reason,
      refundFen: refund.refundCents,
      totalFen: refund.totalCents,
      currency: refund.currency,
      notifyUrl: wechatPay.refundNotifyUrl,
    });
    if (answer.status === 'SUCCESS') return { kind: 'succeeded', providerRefundId: answer.refund_id };
    if (answer.status === 'CLOSED' || answer.status === 'ABNORMAL') return { kind: 'refused', reason: `WeChat Pay refund ${answer.status}` };
    return { kind: 'pending', note: `WeChat Pay refund ${answer.refund_id} is ${answer.status}` };
  } catch (error) {
    if (!(error instanceof WechatPayUpstreamError)) throw error;
    if (error.status !== null && error.status >= 400 && error.status < 500 && error.code !== null && error.code !== 'FREQUENCY_LIMITED') {
      return { kind: 'refused', reason: error.message };
    }
    return { kind: 'pending', note: error.message };
  }
}

/**
 * alipay.trade.refund, whose result is in its answer: fund_change 'Y' is refunded now; otherwise
 * (a repeated request, whose money moved the first time) Alipay says to ask
 * alipay.trade.fastpay.refund.query, and REFUND_SUCCESS there is refunded. A business refusal
 * (code 40004 with a sub_code) fails the refund; no answer or a system error (a SYSTEM_ERROR,
 * 20000 isp.*) leaves it pending.
 */
export async function askAlipay(client: AlipayClient, refund: ProviderRefund): Promise<ProviderAnswer> {
  try {
    const answer = await client.refund({
      outTradeNo: refund.outTradeNo,
      outRequestNo: refund.outRefundNo,
      refundAmount: formatCents(refund.refundCents),
      reason: refund.reason,
    });
    if (answer.fund_change === 'Y') return { kind: 'succeeded', providerRefundId: answer.trade_no ?? null };
    if (await client.refundDone(refund.outTradeNo, refund.outRefundNo)) return { kind: 'succeeded', providerRefundId: answer.trade_no ?? null };
    return { kind: 'pending', note: 'Alipay moved no money and reports no finished refund yet' };
  } catch (error) {
    if (!(error instanceof AlipayUpstreamError)) throw error;
    // 20000 comes with isp.unknow-error: Alipay's own trouble, the refund may be done (docs/decisions/070).
    if (error.code !== null && !error.code.includes('SYSTEM_ERROR') && error.code !== '20000' && !error.code.startsWith('isp.')) {
      return { kind: 'refused', reason: error.message };
    }
    return { kind: 'pending', note: error.message };
  }
}
