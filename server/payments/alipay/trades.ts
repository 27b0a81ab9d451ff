import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { PLATFORM_ALIPAY } from '../ledger';
import type { PlacedTrade, ProviderTrades } from '../settleTrade';

/** Alipay's trades for settlement (server/payments/settleTrade.ts): alipay_orders, in yuan only. */
export const ALIPAY_TRADES: ProviderTrades = {
  provider: 'alipay',
  path: 'alipay',
  table: 'alipay_orders',
  account: PLATFORM_ALIPAY,
  name: 'Alipay',
  tradeName: 'Alipay trade',
  async find(db: Kysely<DB>, outTradeNo: string): Promise<PlacedTrade | undefined> {
    const row = await db
      .selectFrom('alipay_orders')
      .select(['id', 'order_id', 'out_trade_no', 'status', 'amount_cents'])
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst();
    return (
      row && { id: row.id, orderId: row.order_id, outTradeNo: row.out_trade_no, status: row.status, amountCents: Number(row.amount_cents), currency: 'CNY' }
    );
  },
  async markPaid(trx: Transaction<DB>, id: number, tradeNo: string | null, now: number): Promise<boolean> {
    const updated = await trx
      .updateTable('alipay_orders')
      .set({ status: 'paid', trade_no: tradeNo, settled_at: now })
      .where('id', '=', id)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  },
};
