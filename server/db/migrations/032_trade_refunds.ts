import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Automatic refunds of provider trades that must not keep their money (docs/decisions/063): a
 * second trade paid for an order already paid, or a payment for an order that cannot be
 * delivered. One per trade (`out_trade_no`), its `out_refund_no` derived from the trade; status
 * pending -> succeeded (the money booked back to the provider's account) or failed; the sweeps
 * ask again about those pending a while (`status`, `created_at`). The order
 * itself is not refunded: `refunds` (migration 026) stays the whole-order refund.
 */
export function tradeRefunds(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('trade_refunds'), engine)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(80)', (c) => c.notNull())
        .addColumn('provider_refund_id', 'varchar(64)')
        .addColumn('failure', 'varchar(256)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .execute();
      await db.schema.createIndex('trade_refunds_order').on('trade_refunds').column('order_id').execute();
      await db.schema.createIndex('trade_refunds_status').on('trade_refunds').columns(['status', 'created_at']).execute();
    },
  };
}
