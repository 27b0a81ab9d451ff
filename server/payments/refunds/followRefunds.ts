import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Logger } from '../../logger';
import type { AlipayClient } from '../alipay/client';
import { WechatPayUpstreamError, type WechatPayClient } from '../wechatpay/client';
import { completeRefund, failRefund, type RefundRow } from './completeRefund';

/** How long a refund may wait for WeChat Pay's notification before the sweep asks about it (docs/decisions/070). */
export const REFUND_NOTICE_LATE_MS = 10 * 60_000;
/** How many late refunds one sweep asks about. */
const FOLLOW_BATCH = 20;

export interface FollowRefundDeps {
  db: Kysely<DB>;
  now: () => number;
  logger: Logger;
}

/**
 * Whether a refund this old is asked about at this sweep: every sweep in its first hour, then
 * every 15 minutes for a day, then hourly (a bank card's refund can take days).
 */
export function refundQueryDue(ageMs: number): boolean {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 60) return true;
  return minutes < 24 * 60 ? minutes % 15 === 0 : minutes % 60 === 0;
}

async function lateRefunds(deps: FollowRefundDeps, provider: 'wechat' | 'alipay'): Promise<RefundRow[]> {
  const now = deps.now();
  const pending = await deps.db
    .selectFrom('refunds')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', '=', 'pending')
    .where('created_at', '<=', now - REFUND_NOTICE_LATE_MS)
    .orderBy('created_at')
    .limit(200)
    .execute();
  return pending.filter((r) => refundQueryDue(now - Number(r.created_at))).slice(0, FOLLOW_BATCH);
}

/**
 * WeChat Pay refunds whose notification is late: asked about
 * (`GET /v3/refund/domestic/refunds/{out_refund_no}`) and settled as the notification would
 * (server/payments/refunds/wechatRefundNotice.ts): SUCCESS completes, CLOSED or ABNORMAL fails,
 * PROCESSING waits. The pending -> settled guard makes a late notification afterwards change nothing.
 */
export async function followWechatRefunds(deps: FollowRefundDeps, client: WechatPayClient): Promise<void> {
  for (const refund of await lateRefunds(deps, 'wechat')) {
    const context = { outRefundNo: refund.out_refund_no, orderId: refund.order_id };
    try {
      const answer = await client.queryRefund(refund.out_refund_no);
      if (answer.out_refund_no !== refund.out_refund_no || (answer.amount && answer.amount.refund !== Number(refund.amount_cents))) {
        deps.logger.error(
          { ...context, answer: answer.out_refund_no, amount: answer.amount?.refund },
          'WeChat Pay answered a refund query about another refund or amount',
        );
        continue;
      }
      const now = deps.now();
      if (answer.status === 'SUCCESS') {
        if (await deps.db.transaction().execute((trx) => completeRefund(trx, refund, now, answer.refund_id))) {
          deps.logger.info(context, 'WeChat Pay refund done (asked: its notification was late)');
        }
      } else if (answer.status === 'CLOSED' || answer.status === 'ABNORMAL') {
        if (await deps.db.transaction().execute((trx) => failRefund(trx, refund, `WeChat Pay refund ${answer.status}`, now))) {
          deps.logger.error({ ...context, status: answer.status }, 'WeChat Pay could not refund: the order stays paid, refund it another way or ask again');
        }
      }
    } catch (error) {
      // Never made there (the request was lost): the operator's `refund` asks again with the same number.
      const lost = error instanceof WechatPayUpstreamError && (error.code === 'RESOURCE_NOT_EXISTS' || error.code === 'NOT_FOUND');
      deps.logger.warn(
        { ...context, err: error },
        lost ? 'WeChat Pay has no such refund: ask again with `npm run admin -- refund`' : 'Asking WeChat Pay about a late refund failed',
      );
    }
  }
}

/** Alipay refunds left pending (the answer was lost): done when alipay.trade.fastpay.refund.query says REFUND_SUCCESS. */
export async function followAlipayRefunds(deps: FollowRefundDeps, client: AlipayClient): Promise<void> {
  for (const refund of await lateRefunds(deps, 'alipay')) {
    const context = { outRefundNo: refund.out_refund_no, orderId: refund.order_id };
    try {
      const target = await deps.db
        .selectFrom('alipay_orders')
        .select('out_trade_no')
        .where('order_id', '=', refund.order_id)
        .where('status', '=', 'paid')
        .orderBy('id')
        .execute();
      for (const { out_trade_no: outTradeNo } of target) {
        if (!(await client.refundDone(outTradeNo, refund.out_refund_no))) continue;
        const now = deps.now();
        if (await deps.db.transaction().execute((trx) => completeRefund(trx, refund, now, null)))
          deps.logger.info(context, 'Alipay refund done (asked: it was left pending)');
        break;
      }
    } catch (error) {
      deps.logger.warn({ ...context, err: error }, 'Asking Alipay about a pending refund failed');
    }
  }
}
