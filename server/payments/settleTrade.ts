import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import type { Logger } from '../logger';
import { fulfilOrder, type OrderRow } from './fulfil';
import { PLATFORM_CLEARING, postTransfer } from './ledger';
import { lockOrder } from './lockOrder';
import type { UnpaidTrade } from './closeUnpaidTrade';
import { closeOpenTrades, type TradeCloser } from './openTrades';
import type { PaymentPause } from './paymentPause';
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

/**
 * One provider's trades, as settlement needs them: the adapter of each provider
 * (server/payments/alipay/trades.ts, server/payments/wechatpay/trades.ts).
 */
export interface ProviderTrades {
  /** The provider as orders (their method) and refunds name it. */
  provider: TradeToRefund['provider'];
  /** Its payment path (server/payments/paymentPause.ts), also the ledger kind of the money it books. */
  path: 'alipay' | 'wechatpay';
  /** Its table of trades placed there. */
  table: UnpaidTrade['table'];
  /** The platform's account of the money it took in for us (server/payments/ledger.ts). */
  account: string;
  /** How the logs name the provider, and one of its trades. */
  name: string;
  tradeName: string;
  /** Our trade by its out_trade_no, with the amount and currency it was placed for. */
  find(db: Kysely<DB>, outTradeNo: string): Promise<PlacedTrade | undefined>;
  /** Marks our trade paid under a status guard, with the provider's id of the payment: false when another path did already. */
  markPaid(trx: Transaction<DB>, id: number, providerRef: string | null, now: number): Promise<boolean>;
}

/** A trade we placed at a provider. */
export interface PlacedTrade {
  id: number;
  orderId: number;
  outTradeNo: string;
  status: string;
  amountCents: number;
  currency: string;
}

/** A provider's word that one of our trades was paid, its own checks (signature, merchant, app, state) passed. */
export interface PaidWord {
  outTradeNo: string;
  /** The provider's id of the payment (Alipay's trade_no, WeChat Pay's transaction_id). */
  providerRef: string | undefined;
  /** The amount it says was paid, in cents; null when unreadable. */
  amountCents: number | null;
  /** The currency it says was paid; undefined when it names none (Alipay: yuan only). */
  currency: string | undefined;
  /** The amount as the provider said it, for the log of a refusal. */
  said: unknown;
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
 * A provider's word that a trade was paid, from any path (notification, order poll, sweep): an
 * unknown out_trade_no, or another amount or currency than the order's and the trade's, is
 * refused ('invalid') and logged, and nothing changes. Else the trade is settled exactly once
 * (bookAndDeliver): the money booked from the provider's account into platform:clearing, the
 * order delivered or the money refunded. Answers what was done.
 */
export async function settleTrade(deps: SettleTradeDeps, trades: ProviderTrades, word: PaidWord, context: Record<string, unknown>): Promise<Settlement> {
  const { db, logger } = deps;
  const row = await trades.find(db, word.outTradeNo);
  const order = row ? await db.selectFrom('orders').selectAll().where('id', '=', row.orderId).executeTakeFirst() : undefined;
  if (!row || !order) {
    logger.error(context, `${trades.tradeName} for an unknown order refused`);
    throw new DomainError('invalid', 'Unknown order.');
  }
  const currency = word.currency ?? 'CNY';
  const cents = word.amountCents;
  if (cents === null || cents !== Number(order.amount_cents) || cents !== row.amountCents || currency !== order.currency || currency !== row.currency) {
    const checked = word.currency === undefined ? 'amount' : 'amount or currency';
    logger.error(
      { ...context, order: order.ref, expected: { total: Number(order.amount_cents), currency: order.currency }, got: word.said },
      `${trades.tradeName} ${checked} differs from the order: refused, nothing fulfilled`,
    );
    throw new DomainError('invalid', `The ${checked} differs from the order.`);
  }
  if (row.status === 'paid') return 'already';
  const now = deps.now();
  return bookAndDeliver(
    deps,
    {
      path: trades.path,
      provider: trades.provider,
      orderId: order.id,
      outTradeNo: row.outTradeNo,
      amountCents: row.amountCents,
      currency: row.currency,
      providerRef: word.providerRef ?? word.outTradeNo,
      book: async (trx, locked) => {
        // The row lock of this update orders concurrent settlements: the second sees 'paid' and changes nothing.
        if (!(await trades.markPaid(trx, row.id, word.providerRef?.slice(0, 64) ?? null, now))) return false;
        const amountCents = Number(locked.amount_cents);
        await postTransfer(trx, { from: trades.account, to: PLATFORM_CLEARING, amountCents, kind: trades.path, ref: locked.ref, now });
        return true;
      },
    },
    context,
  );
}

/** A trade its provider says was paid, checked already against the order (merchant, amount, currency). */
interface PaidTrade extends TradeToRefund {
  path: ProviderTrades['path'];
  /** The provider's id of the payment, kept as the order's provider_ref. */
  providerRef: string;
  /** Marks the trade paid and books its money into platform:clearing, once: false when another path did already. */
  book: (trx: Transaction<DB>, order: OrderRow) => Promise<boolean>;
}

/**
 * Settles a paid trade exactly once, by whichever path heard of it first, under the order's
 * locks (server/payments/lockOrder.ts): the trade turns paid and its money is booked into
 * clearing, then the order is delivered — unless it is paid already (another trade, the wallet)
 * or cannot be delivered, and then that money is refunded through the provider at once and
 * logged (docs/decisions/063). Once the order is paid, its other open trades are closed.
 */
async function bookAndDeliver(deps: SettleTradeDeps, trade: PaidTrade, context: Record<string, unknown>): Promise<Settlement> {
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
