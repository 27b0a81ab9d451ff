import type { Kysely, Migration } from 'kysely';

/**
 * Payouts through WeChat Pay's transfer to balance (docs/decisions/050). A withdrawal made while
 * WeChat Pay is configured gets its transfer numbers (`out_batch_no`, `out_detail_no`), fixed
 * from its id and creation time, so every send of it is the same transfer at WeChat Pay; its
 * status moves pending -> processing (accepted there) -> paid | failed. `attempts` counts the
 * sends, `attempted_at` claims the next one (no two processes send or ask at once), `failure`
 * keeps WeChat Pay's reason (fail_reason or a refusal's code).
 */
export function payouts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('withdrawals').addColumn('out_batch_no', 'varchar(32)').execute();
      await db.schema.alterTable('withdrawals').addColumn('out_detail_no', 'varchar(32)').execute();
      await db.schema.alterTable('withdrawals').addColumn('batch_id', 'varchar(64)').execute();
      await db.schema.alterTable('withdrawals').addColumn('failure', 'varchar(256)').execute();
      await db.schema
        .alterTable('withdrawals')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('withdrawals').addColumn('attempted_at', 'bigint').execute();
      await db.schema.createIndex('withdrawals_out_batch_no').unique().on('withdrawals').column('out_batch_no').execute();
      await db.schema.createIndex('withdrawals_open').on('withdrawals').columns(['status', 'attempted_at']).execute();
    },
  };
}
