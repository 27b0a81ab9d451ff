import type { Kysely, Selectable, Transaction } from 'kysely';
import { parseAmountCents } from '../../../shared/money';
import type { AlipayConfig } from '../../config';
import type { AlipayOrdersTable, DB } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import type { Logger } from '../../logger';
import type { OrderRow } from '../fulfil';
import { PLATFORM_ALIPAY, PLATFORM_CLEARING, postTransfer } from '../ledger';
import type { TradeCloser } from '../openTrades';
import type { PaymentPause } from '../paymentPause';
import { askAlipay } from '../refunds/askProvider';
import { settleTrade, type Settlement } from '../settleTrade';
import type { AlipayClient } from './client';

export type { Settlement } from '../settleTrade';
export type AlipayOrderRow = Selectable<AlipayOrdersTable>;

/** The trade states in which Alipay holds the payer's money for us. */
export const PAID_STATES: readonly string[] = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

/** Alipay's word that a trade was paid: from a notification (with its app_id) or a query. */
export interface PaidTrade {
  outTradeNo: string;
  tradeNo: string | undefined;
  tradeStatus: string;
  /** total_amount in yuan, '78.00'. */
  totalAmount: string | undefined;
  /** The notification's app_id; a query's answer is for our app by its signature. */
  appId?: string;
}

export interface SettleDeps {
  db: Kysely<DB>;
  config: AlipayConfig;
  logger: Logger;
  now: () => number;
  /** Asked to refund a trade the order must not keep, and to close trades. */
  client: AlipayClient;
  /** The providers that close a paid order's other open trades. */
  closers: Iterable<TradeCloser>;
  pause?: PaymentPause | undefined;
}

/**
 * Settles a paid trade exactly once, by whichever path heard of it first. Another app's trade, an
 * unknown out_trade_no, or another amount than the order's is refused ('invalid') and logged, and
 * nothing changes. Then, in one transaction: the Alipay order turns paid under a status guard, the
 * money is booked platform:alipay -> platform:clearing, and fulfilOrder() delivers (decision 044),
 * or the money is refunded when the order is paid already (server/payments/settleTrade.ts).
 */
export async function settleAlipayTrade(deps: SettleDeps, trade: PaidTrade, via: 'notification' | 'query' | 'sweep'): Promise<Settlement> {
  const { config, db, logger } = deps;
  const context = { via, outTradeNo: trade.outTradeNo, tradeNo: trade.tradeNo };
  if (!PAID_STATES.includes(trade.tradeStatus)) throw new DomainError('invalid', 'The trade is not paid.');
  if (trade.appId !== undefined && trade.appId !== config.appId) {
    logger.error({ ...context, appId: trade.appId }, 'Alipay trade for another app refused');
    throw new DomainError('invalid', 'Unknown app.');
  }
  const row = await db.selectFrom('alipay_orders').selectAll().where('out_trade_no', '=', trade.outTradeNo).executeTakeFirst();
  const order = row ? await db.selectFrom('orders').selectAll().where('id', '=', row.order_id).executeTakeFirst() : undefined;
  if (!row || !order) {
    logger.error(context, 'Alipay trade for an unknown order refused');
    throw new DomainError('invalid', 'Unknown order.');
  }
  const cents = parseAmountCents(trade.totalAmount ?? '');
  if (cents === null || cents !== Number(order.amount_cents) || cents !== Number(row.amount_cents) || order.currency !== 'CNY') {
    logger.error(
      { ...context, order: order.ref, expected: Number(order.amount_cents), got: trade.totalAmount ?? null },
      'Alipay trade amount differs from the order: refused, nothing fulfilled',
    );
    throw new DomainError('invalid', 'The amount differs from the order.');
  }
  if (row.status === 'paid') return 'already';
  const now = deps.now();
  return settleTrade(
    { db, logger, now: deps.now, pause: deps.pause, closers: deps.closers, ask: (refund) => askAlipay(deps.client, refund) },
    {
      path: 'alipay',
      provider: 'alipay',
      orderId: order.id,
      outTradeNo: row.out_trade_no,
      amountCents: Number(row.amount_cents),
      currency: order.currency,
      providerRef: trade.tradeNo ?? trade.outTradeNo,
      book: (trx, locked) => bookMoney(trx, row, locked, trade, now),
    },
    context,
  );
}

/** The Alipay order marked paid and its money booked into clearing, once: false when another path got there first. */
async function bookMoney(trx: Transaction<DB>, row: AlipayOrderRow, order: OrderRow, trade: PaidTrade, now: number): Promise<boolean> {
  // The row lock of this update orders concurrent settlements: the second sees 'paid' and changes nothing.
  const updated = await trx
    .updateTable('alipay_orders')
    .set({ status: 'paid', trade_no: trade.tradeNo?.slice(0, 64) ?? null, settled_at: now })
    .where('id', '=', row.id)
    .where('status', '!=', 'paid')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await postTransfer(trx, { from: PLATFORM_ALIPAY, to: PLATFORM_CLEARING, amountCents: Number(order.amount_cents), kind: 'alipay', ref: order.ref, now });
  return true;
}
