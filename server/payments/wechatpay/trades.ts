import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { PLATFORM_WECHATPAY } from '../ledger';
import type { PlacedTrade, ProviderTrades } from '../settleTrade';

/** WeChat Pay's trades for settlement (server/payments/settleTrade.ts): wechatpay_orders, in fen. */
export const WECHATPAY_TRADES: ProviderTrades = {
  provider: 'wechat',
  path: 'wechatpay',
  table: 'wechatpay_orders',
  account: PLATFORM_WECHATPAY,
  name: 'WeChat Pay',
  tradeName: 'WeChat Pay transaction',
  async find(db: Kysely<DB>, outTradeNo: string): Promise<PlacedTrade | undefined> {
    const row = await db
      .selectFrom('wechatpay_orders')
      .select(['id', 'order_id', 'out_trade_no', 'status', 'amount_fen', 'currency'])
      .where('out_trade_no', '=', outTradeNo)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        orderId: row.order_id,
        outTradeNo: row.out_trade_no,
        status: row.status,
        amountCents: Number(row.amount_fen),
        currency: row.currency,
      }
    );
  },
  async markPaid(trx: Transaction<DB>, id: number, transactionId: string | null, now: number): Promise<boolean> {
    const updated = await trx
      .updateTable('wechatpay_orders')
      .set({ status: 'paid', transaction_id: transactionId, settled_at: now })
      .where('id', '=', id)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  },
};
