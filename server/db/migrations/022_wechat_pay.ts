import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * WeChat Pay API v3 (docs/decisions/037): each order placed at WeChat Pay for one of our orders
 * (a JSAPI order for one payer's open id, or a Native QR order), by its `out_trade_no`. Its
 * status moves open -> paid (once, by the notification, a query or the sweep) or open -> closed
 * (the sweep, after `expires_at`); the amount is what WeChat Pay must report paid.
 */
export function wechatPay(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('wechatpay_orders'), engine)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('trade_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('openid', 'varchar(128)')
        .addColumn('prepay_id', 'varchar(128)')
        .addColumn('code_url', 'varchar(512)')
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('transaction_id', 'varchar(64)')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('queried_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wechatpay_orders_order').on('wechatpay_orders').columns(['order_id', 'status']).execute();
      await db.schema.createIndex('wechatpay_orders_open').on('wechatpay_orders').columns(['status', 'expires_at']).execute();
    },
  };
}
