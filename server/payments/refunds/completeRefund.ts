import type { Selectable, Transaction } from 'kysely';
import type { DB, RefundProvider, RefundsTable } from '../../db/schema';
import { PLATFORM_ALIPAY, PLATFORM_CLEARING, PLATFORM_WECHATPAY, postTransfer, walletAccount } from '../ledger';
import { takeBack } from './takeBack';
import { lockOrder } from '../lockOrder';

export type RefundRow = Selectable<RefundsTable>;

/** The ledger kinds fulfilment posts (server/payments/fulfil.ts): a refund posts each one's reverse. */
const SALE_KINDS = ['membership', 'booklet_sale', 'booklet_fee'] as const;

/**
 * The refund succeeded: in the caller's transaction, once (the refund row's pending -> succeeded
 * guard orders concurrent callers), the order turns 'refunded', every fulfilment transfer of the
 * sale is posted in reverse (the author's share comes back out of the author's wallet, which may
 * go below zero), the money goes back where it came from, and what was bought is taken back.
 * Returns false when it was done already.
 */
export async function completeRefund(trx: Transaction<DB>, refund: RefundRow, now: number, providerRefundId: string | null = null): Promise<boolean> {
  // The buyer and the order first, as the payments lock them (server/payments/lockOrder.ts): taking back months updates the buyer.
  await lockOrder(trx, refund.order_id);
  const updated = await trx
    .updateTable('refunds')
    .set({ status: 'succeeded', settled_at: now, failure: null, ...(providerRefundId ? { provider_refund_id: providerRefundId.slice(0, 64) } : {}) })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  const refunded = await trx.updateTable('orders').set({ status: 'refunded' }).where('id', '=', order.id).where('status', '=', 'paid').executeTakeFirst();
  if (Number(refunded.numUpdatedRows) !== 1) throw new Error(`refund ${refund.out_refund_no}: order ${order.ref} is ${order.status}, not paid`);

  const sale = await trx
    .selectFrom('ledger_entries')
    .select(['txn_id', 'account', 'amount_cents', 'kind'])
    .where('ref', '=', order.ref)
    .where('kind', 'in', SALE_KINDS)
    .orderBy('id')
    .execute();
  for (const txnId of [...new Set(sale.map((row) => row.txn_id))]) {
    const rows = sale.filter((row) => row.txn_id === txnId);
    const from = rows.find((row) => Number(row.amount_cents) < 0);
    const to = rows.find((row) => Number(row.amount_cents) > 0);
    if (!from || !to) throw new Error(`ledger txn ${txnId} of order ${order.ref} is not a transfer`);
    await postTransfer(trx, { from: to.account, to: from.account, amountCents: Number(to.amount_cents), kind: `${to.kind}_refund`, ref: order.ref, now });
  }
  const source = moneySource(refund.provider, order.user_id);
  if (source) {
    await postTransfer(trx, {
      from: PLATFORM_CLEARING,
      to: source,
      amountCents: Number(refund.amount_cents),
      kind: `${refund.provider}_refund`,
      ref: order.ref,
      now,
    });
  }
  await takeBack(trx, order, now);
  return true;
}

/** The provider refused, or said the refund closed: the order stays paid, and asking again retries. */
export async function failRefund(trx: Transaction<DB>, refund: RefundRow, failure: string, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('refunds')
    .set({ status: 'failed', failure: failure.slice(0, 256), settled_at: now })
    .where('id', '=', refund.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Where the money of the sale came from, and goes back to: none for the sandbox, which took none. */
function moneySource(provider: RefundProvider, buyerId: number): string | null {
  switch (provider) {
    case 'wechat':
      return PLATFORM_WECHATPAY;
    case 'alipay':
      return PLATFORM_ALIPAY;
    case 'wallet':
      return walletAccount(buyerId);
    case 'sandbox':
      return null;
  }
}
