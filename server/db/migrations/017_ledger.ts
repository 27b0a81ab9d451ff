import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * The money ledger (docs/decisions/024): double entry, integer cents. Every transfer is one
 * txn_id with two rows (minus from, plus to) that sum to zero; a balance is the sum of an
 * account's rows. Withdrawals record a payout request and the txn that moved the money.
 */
export function ledger(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('ledger_entries'), engine)
        .addColumn('txn_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'id']).execute();
      await db.schema.createIndex('ledger_entries_txn').on('ledger_entries').column('txn_id').execute();

      await withIdColumn(db.schema.createTable('withdrawals'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('open_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('txn_id', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'created_at']).execute();
    },
  };
}
