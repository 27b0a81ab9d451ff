import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, TradeRefundsTable } from '../../db/schema';
import type { Logger } from '../../logger';
import { PLATFORM_ALIPAY, PLATFORM_CLEARING, PLATFORM_WECHATPAY, postTransfer } from '../ledger';
import type { ProviderAnswer, ProviderRefund } from './askProvider';

export type TradeRefundRow = Selectable<TradeRefundsTable>;

/** Why a trade's money goes back (at most 80 characters: the payer sees it in WeChat or Alipay). */
export const PAID_ALREADY = 'This order was paid already: this payment is refunded.';
export const UNDELIVERABLE = 'This order cannot be delivered: this payment is refunded.';

/** A provider trade whose money arrived in platform:clearing and must go back. */
export interface TradeToRefund {
  provider: TradeRefundRow['provider'];
  orderId: number;
  outTradeNo: string;
  amountCents: number;
  currency: string;
}

export interface TradeRefundDeps {
  db: Kysely<DB>;
  now: () => number;
  logger: Logger;
  /** The provider's refund request (askWechatPay, askAlipay in server/payments/refunds/askProvider.ts). */
  ask: (refund: ProviderRefund) => Promise<ProviderAnswer>;
}

/**
 * The trade's refund row, pending, in the caller's transaction (the one that booked the trade's
 * money): once per trade, its out_refund_no derived from the trade, so asking again is the same
 * refund at the provider (docs/decisions/063).
 */
export async function openTradeRefund(trx: Transaction<DB>, trade: TradeToRefund, reason: string, now: number): Promise<TradeRefundRow> {
  await trx
    .insertInto('trade_refunds')
    .values({
      order_id: trade.orderId,
      provider: trade.provider,
      out_trade_no: trade.outTradeNo,
      out_refund_no: `${trade.outTradeNo.slice(0, 62)}_D`,
      amount_cents: trade.amountCents,
      currency: trade.currency,
      status: 'pending',
      reason: reason.slice(0, 80),
      provider_refund_id: null,
      failure: null,
      created_at: now,
      settled_at: null,
    })
    .onConflict((oc) => oc.column('out_trade_no').doNothing())
    .execute();
  return trx.selectFrom('trade_refunds').selectAll().where('out_trade_no', '=', trade.outTradeNo).executeTakeFirstOrThrow();
}

/**
 * Asks the provider to refund the trade whole, then completes the refund (its answer says it is
 * done) or fails it (refused: logged for an operator). Pending (WeChat Pay's usual answer, no
 * answer at all) waits for WeChat Pay's refund notification, or an operator. Never throws: the
 * payment's money is booked and the refund row kept whatever the provider says.
 */
export async function askTradeRefund(deps: TradeRefundDeps, refund: TradeRefundRow): Promise<TradeRefundRow['status']> {
  const context = { orderId: refund.order_id, outTradeNo: refund.out_trade_no, outRefundNo: refund.out_refund_no };
  let answer: ProviderAnswer;
  try {
    answer = await deps.ask({
      outTradeNo: refund.out_trade_no,
      outRefundNo: refund.out_refund_no,
      refundCents: Number(refund.amount_cents),
      totalCents: Number(refund.amount_cents),
      currency: refund.currency,
      reason: refund.reason,
    });
  } catch (error) {
    deps.logger.error({ ...context, err: error }, 'Refunding a trade failed: it stays pending, refund it in the merchant platform');
    return 'pending';
  }
  const now = deps.now();
  if (answer.kind === 'succeeded') {
    await deps.db.transaction().execute((trx) => completeTradeRefund(trx, refund, now, answer.providerRefundId));
    return 'succeeded';
  }
  if (answer.kind === 'refused') {
    await deps.db.transaction().execute((trx) => failTradeRefund(trx, refund, answer.reason, now));
    deps.logger.error({ ...context, reason: answer.reason }, 'The provider refused to refund a trade: its money stays in platform:clearing, refund it by hand');
    return 'failed';
  }
  deps.logger.info({ ...context, note: answer.note }, 'Trade refund asked, not done yet');
  return 'pending';
}

/** How long a trade refund stays pending before a sweep asks the provider about it again. */
export const FOLLOW_TRADE_REFUNDS_AFTER_MS = 5 * 60_000;

/**
 * The provider's trade refunds still pending a while after they were made (the asking cut off,
 * an answer or a refund notification lost): asked again, with the same number, which is the same
 * refund there, and done when it says so. Run by the provider's sweep.
 */
export async function followTradeRefunds(deps: TradeRefundDeps, provider: TradeRefundRow['provider']): Promise<void> {
  const pending = await deps.db
    .selectFrom('trade_refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', deps.now() - FOLLOW_TRADE_REFUNDS_AFTER_MS)
    .where('provider', '=', provider)
    .orderBy('created_at')
    .limit(50)
    .execute();
  for (const refund of pending) await askTradeRefund(deps, refund);
}

/** The refund is done: once (the pending -> succeeded guard), the money goes from platform:clearing back to the provider's account. */
export async function completeTradeRefund(trx: Transaction<DB>, refund: TradeRefundRow, now: number, providerRefundId: string | null): Promise<boolean> {
  const updated = await trx
    .updateTable('trade_refunds')
    .set({ status: 'succeeded', settled_at: now, failure: null, ...(providerRefundId ? { provider_refund_id: providerRefundId.slice(0, 64) } : {}) })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const order = await trx.selectFrom('orders').select('ref').where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  await postTransfer(trx, {
    from: PLATFORM_CLEARING,
    to: refund.provider === 'wechat' ? PLATFORM_WECHATPAY : PLATFORM_ALIPAY,
    amountCents: Number(refund.amount_cents),
    kind: `${refund.provider}_trade_refund`,
    ref: order.ref,
    now,
  });
  return true;
}

/** The provider refused, or said the refund closed: the money stays in platform:clearing for an operator. */
export async function failTradeRefund(trx: Transaction<DB>, refund: TradeRefundRow, failure: string, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('trade_refunds')
    .set({ status: 'failed', failure: failure.slice(0, 256), settled_at: now })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
