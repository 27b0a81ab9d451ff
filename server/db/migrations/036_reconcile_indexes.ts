import type { Kysely, Migration } from 'kysely';

/**
 * What reconciliation (docs/decisions/070, server/payments/reconcile/booked.ts) reads by: a day's
 * paid trades and done refunds by the time they were settled, and an order's bookings on a
 * provider's account by its ref. Without them each daily run walked every paid trade and every
 * booking of the provider's account (130 ms a chunk of 500 orders against 190,000 bookings).
 */
export function reconcileIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('ledger_entries_ref').on('ledger_entries').columns(['ref', 'account']).execute();
      for (const table of ['wechatpay_orders', 'alipay_orders', 'refunds', 'trade_refunds']) {
        await db.schema.createIndex(`${table}_settled`).on(table).columns(['status', 'settled_at']).execute();
      }
    },
  };
}
