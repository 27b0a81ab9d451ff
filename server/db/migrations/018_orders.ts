import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Orders (docs/decisions/025): the server-priced thing a user pays for, by a public `ref`;
 * and the sandbox provider's used callback nonces, so a replayed callback is refused.
 */
export function orders(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('orders'), engine)
        .addColumn('ref', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('identity', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('CNY'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('method', 'varchar(16)')
        .addColumn('provider_ref', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('payment_callback_nonces')
        .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
