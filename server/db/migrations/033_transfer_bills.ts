import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Payouts through WeChat Pay's transfer bills (商家转账, docs/decisions/064) beside the transfer
 * batches of migration 027. `transfer_api` says which API a withdrawal was sent through ('bills'
 * or 'batches'; null without WeChat Pay), so changing WECHATPAY_TRANSFER_API leaves sent ones on
 * theirs; those sent before this migration were batches. For a bill, `out_batch_no` holds its
 * out_bill_no and `batch_id` its transfer_bill_no. `package_info` is what the payee's confirmation
 * in WeChat (wx.requestMerchantTransfer) takes while the bill waits for it.
 */
export function transferBills(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('withdrawals').addColumn('transfer_api', 'varchar(8)').execute();
      await db.schema.alterTable('withdrawals').addColumn('package_info', 'varchar(1024)').execute();
      await sql`UPDATE withdrawals SET transfer_api = 'batches' WHERE out_batch_no IS NOT NULL`.execute(db);
    },
  };
}
