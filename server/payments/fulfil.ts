import type { Transaction } from 'kysely';
import { findMembershipProduct } from '../../shared/membershipProducts';
import { contentChanged } from '../content/changes';
import type { DB, OrdersTable } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import type { Selectable } from 'kysely';
import { creditWallet, PLATFORM_CLEARING, PLATFORM_REVENUE, postTransfer } from './ledger';
import { extendMembership } from './membership';
import { recordSubscription } from './subscriptions/subscriptions';

export type OrderRow = Selectable<OrdersTable>;

/** The platform's share of a booklet sale (decision 025): none for now, the author gets it all. */
export const BOOKLET_FEE_PERCENT = 0;

/**
 * Marks an order paid and delivers it, in the caller's transaction. The money is in
 * platform:clearing by now (from a provider, or moved there from the buyer's wallet).
 * Returns false when the order was already paid (or paid and refunded): a repeated callback
 * delivers nothing twice.
 */
export async function fulfilOrder(trx: Transaction<DB>, order: OrderRow, method: string, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, method })
    .where('id', '=', order.id)
    .where('status', 'not in', ['paid', 'refunded'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  if (order.type === 'membership') await deliverMembership(trx, order, now);
  else await deliverBooklet(trx, order, now);
  return true;
}

async function deliverMembership(trx: Transaction<DB>, order: OrderRow, now: number): Promise<void> {
  const product = findMembershipProduct(order.identity);
  if (!product) throw new Error(`order ${order.ref}: unknown membership product ${order.identity}`);
  await extendMembership(trx, order.user_id, product.level, product.months, now);
  // A subscription period: the subscription renews this product, renewal on (decision 051).
  if (product.kind === 'subscription') await recordSubscription(trx, order.user_id, product, now);
  await postTransfer(trx, { from: PLATFORM_CLEARING, to: PLATFORM_REVENUE, amountCents: Number(order.amount_cents), kind: 'membership', ref: order.ref, now });
}

async function deliverBooklet(trx: Transaction<DB>, order: OrderRow, now: number): Promise<void> {
  const booklet = await trx.selectFrom('booklets').select(['id', 'owner_id', 'slug']).where('id', '=', Number(order.identity)).executeTakeFirst();
  if (!booklet) throw new DomainError('invalid', 'Unknown booklet.');
  const owned = await trx
    .selectFrom('booklet_purchases')
    .select('id')
    .where('booklet_id', '=', booklet.id)
    .where('user_id', '=', order.user_id)
    .executeTakeFirst();
  if (owned) throw new DomainError('invalid', 'You already bought this booklet.');
  await trx.insertInto('booklet_purchases').values({ booklet_id: booklet.id, user_id: order.user_id, order_ref: order.ref, created_at: now }).execute();
  const amount = Number(order.amount_cents);
  const fee = Math.floor((amount * BOOKLET_FEE_PERCENT) / 100);
  if (amount - fee > 0) await creditWallet(trx, booklet.owner_id, amount - fee, { from: PLATFORM_CLEARING, kind: 'booklet_sale', ref: order.ref, now });
  if (fee > 0) await postTransfer(trx, { from: PLATFORM_CLEARING, to: PLATFORM_REVENUE, amountCents: fee, kind: 'booklet_fee', ref: order.ref, now });
  await contentChanged(trx, [`booklet:${booklet.slug}`], now);
}
