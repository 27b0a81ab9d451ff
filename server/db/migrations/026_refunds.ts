import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Refunds (docs/decisions/049): at most one per order (a whole refund), by its `out_refund_no`,
 * which is derived from the order so asking twice asks the provider for the same refund. Its
 * status moves pending -> succeeded (the sale reversed, the order 'refunded') or pending ->
 * failed (the provider refused; the order stays paid, and asking again retries it).
 */
export function refunds(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('refunds'), engine)
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
        .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(80)')
        .addColumn('provider_refund_id', 'varchar(64)')
        .addColumn('failure', 'varchar(256)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .execute();
      await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'created_at']).execute();
    },
  };
}
