import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Alipay web pay (docs/decisions/044): each Alipay trade we offered for one of our orders (a page
 * pay on desktop or a wap pay on a phone), by its `out_trade_no`. Its status moves open -> paid
 * (once, by the notification, a query or the sweep) or open -> closed (the sweep, after
 * `expires_at`); the amount is what Alipay must report paid, and `time_expire` the deadline sent.
 */
export function alipay(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('alipay_orders'), engine)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('product', 'varchar(8)', (c) => c.notNull())
        .addColumn('subject', 'varchar(256)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('trade_no', 'varchar(64)')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('queried_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alipay_orders_order').on('alipay_orders').columns(['order_id', 'status']).execute();
      await db.schema.createIndex('alipay_orders_open').on('alipay_orders').columns(['status', 'expires_at']).execute();
    },
  };
}
