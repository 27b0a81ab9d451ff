import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { lockOrder } from './lockOrder';

/** A trade at a payment provider that closed unpaid (expired, or closed by the sweep). */
export interface UnpaidTrade {
  table: 'alipay_orders' | 'wechatpay_orders';
  id: number;
  orderId: number;
  /** The order's method while this provider's trade was the one offered. */
  method: 'alipay' | 'wechat';
}

/**
 * Marks the trade closed and, when no trade at any provider is still open for its order, the
 * pending order closed too (the payer may have gone on to pay through the other one).
 */
export async function closeUnpaidTrade(db: Kysely<DB>, trade: UnpaidTrade, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The order before its trade, as every payment path locks them (server/payments/lockOrder.ts).
    await lockOrder(trx, trade.orderId);
    await trx.updateTable(trade.table).set({ status: 'closed', settled_at: now }).where('id', '=', trade.id).where('status', '=', 'open').execute();
    await trx
      .updateTable('orders')
      .set({ status: 'closed' })
      .where('id', '=', trade.orderId)
      .where('status', '=', 'pending')
      .where('method', '=', trade.method)
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(eb.selectFrom('alipay_orders').select('id').where('order_id', '=', trade.orderId).where('status', '=', 'open')),
            eb.exists(eb.selectFrom('wechatpay_orders').select('id').where('order_id', '=', trade.orderId).where('status', '=', 'open')),
          ]),
        ),
      )
      .execute();
  });
}
