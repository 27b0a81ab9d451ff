import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { closeUnpaidTrade, type UnpaidTrade } from './closeUnpaidTrade';
import type { OrderRow } from './fulfil';

/** A payment provider that can close one of its trades there (WeChat Pay's close-order, alipay.trade.close). */
export interface TradeCloser {
  readonly tradeTable: UnpaidTrade['table'];
  /** Closed there, or never made there; throws when it could not be closed (paid meanwhile, no answer). */
  closeTrade(outTradeNo: string): Promise<void>;
}

export interface OpenTradesDeps {
  db: Kysely<DB>;
  logger: Logger;
  now: () => number;
}

/**
 * An order was paid: each of its trades still open at a provider is closed there and here at
 * once, so nobody pays it twice (docs/decisions/063). A trade that cannot be closed (its provider
 * not configured here, no answer, paid meanwhile) is logged and left open: the sweep asks about
 * it, and money it took is refunded when it settles.
 */
export async function closeOpenTrades(deps: OpenTradesDeps, closers: Iterable<TradeCloser | undefined>, order: Pick<OrderRow, 'id' | 'ref'>): Promise<void> {
  const byTable = new Map<UnpaidTrade['table'], TradeCloser>();
  for (const closer of closers) if (closer) byTable.set(closer.tradeTable, closer);
  const open = [
    ...(await openOf(deps.db, 'wechatpay_orders', order.id)).map((row) => ({ ...row, table: 'wechatpay_orders' as const, method: 'wechat' as const })),
    ...(await openOf(deps.db, 'alipay_orders', order.id)).map((row) => ({ ...row, table: 'alipay_orders' as const, method: 'alipay' as const })),
  ];
  for (const trade of open) {
    const closer = byTable.get(trade.table);
    try {
      if (!closer) throw new Error(`no provider here closes ${trade.table}`);
      await closer.closeTrade(trade.out_trade_no);
      await closeUnpaidTrade(deps.db, { table: trade.table, id: trade.id, orderId: order.id, method: trade.method }, deps.now());
    } catch (error) {
      deps.logger.warn(
        { err: error, order: order.ref, outTradeNo: trade.out_trade_no },
        'An open trade of a paid order could not be closed: left to the sweep',
      );
    }
  }
}

function openOf(db: Kysely<DB>, table: UnpaidTrade['table'], orderId: number): Promise<{ id: number; out_trade_no: string }[]> {
  return db.selectFrom(table).select(['id', 'out_trade_no']).where('order_id', '=', orderId).where('status', '=', 'open').execute();
}
