import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import type { Logger } from '../logger';
import { fulfilOrder, type OrderRow } from './fulfil';
import { lockOrder } from './lockOrder';
import { closeOpenTrades, type TradeCloser } from './openTrades';
import type { PaymentPause, PausedPayment } from './paymentPause';
import type { ProviderAnswer, ProviderRefund } from './refunds/askProvider';
import { askTradeRefund, openTradeRefund, PAID_ALREADY, UNDELIVERABLE, type TradeRefundRow, type TradeToRefund } from './refunds/refundTrade';

/** What a notification, a query or the sweep did with a provider's word that a trade was paid. */
export type Settlement =
  /** Paid and delivered now. */
  | 'fulfilled'
  /** Known already: a replayed notification, a second query. Nothing changed. */
  | 'already'
  /** The money arrived for an order already paid another way: booked, and refunded to the payer. */
  | 'duplicate'
  /** The money arrived but the order cannot be delivered (a booklet bought meanwhile): booked, and refunded to the payer. */
  | 'undeliverable';

/** A trade its provider says was paid, checked already against the order (merchant, amount, currency). */
export interface PaidTrade extends TradeToRefund {
  path: PausedPayment['path'];
  /** The provider's id of the payment, kept as the order's provider_ref. */
  providerRef: string;
  /** Marks the trade paid and books its money into platform:clearing, once: false when another path did already. */
  book: (trx: Transaction<DB>, order: OrderRow) => Promise<boolean>;
}

export interface SettleTradeDeps {
  db: Kysely<DB>;
  logger: Logger;
  now: () => number;
  /** The provider's refund request for this trade. */
  ask: (refund: ProviderRefund) => Promise<ProviderAnswer>;
  /** The providers that close the order's other open trades once it is paid. */
  closers: Iterable<TradeCloser>;
  pause?: PaymentPause | undefined;
}

/**
 * Settles a paid trade exactly once, by whichever path heard of it first, under the order's
 * locks (server/payments/lockOrder.ts): the trade turns paid and its money is booked into
 * clearing, then the order is delivered — unless it is paid already (another trade, the wallet)
 * or cannot be delivered, and then that money is refunded through the provider at once and
 * logged (docs/decisions/063). Once the order is paid, its other open trades are closed.
 */
export async function settleTrade(deps: SettleTradeDeps, trade: PaidTrade, context: Record<string, unknown>): Promise<Settlement> {
  const { db, logger } = deps;
  const now = deps.now();
  let settled: { outcome: Settlement; order: OrderRow; refund?: TradeRefundRow; reason?: string };
  try {
    settled = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, trade.orderId);
      await deps.pause?.({ path: trade.path, order: order.ref, trx });
      if (!(await trade.book(trx, order))) return { outcome: 'already', order };
      if (order.status === 'paid' || order.status === 'refunded' || !(await fulfilOrder(trx, order, trade.provider, now))) {
        return { outcome: 'duplicate', order, refund: await openTradeRefund(trx, trade, PAID_ALREADY, now), reason: `paid already (${order.method})` };
      }
      await trx
        .updateTable('orders')
        .set({ provider_ref: trade.providerRef.slice(0, 64) })
        .where('id', '=', order.id)
        .execute();
      return { outcome: 'fulfilled', order };
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Delivery refused (a booklet bought meanwhile): the money arrived all the same, so it is booked, and refunded.
    settled = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, trade.orderId);
      if (!(await trade.book(trx, order))) return { outcome: 'already', order };
      return { outcome: 'undeliverable', order, refund: await openTradeRefund(trx, trade, UNDELIVERABLE, now), reason: error.message };
    });
  }
  const { outcome, order, refund } = settled;
  if (refund) {
    const status = await askTradeRefund(deps, refund);
    logger.warn(
      { ...context, order: order.ref, reason: settled.reason, outRefundNo: refund.out_refund_no, refund: status },
      'A payment the order must not keep: refunded automatically',
    );
  }
  if (outcome === 'fulfilled' || outcome === 'duplicate') await closeOpenTrades(deps, deps.closers, order);
  return outcome;
}
