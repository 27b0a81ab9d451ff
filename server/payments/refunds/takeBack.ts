import type { Transaction } from 'kysely';
import { findMembershipProduct } from '../../../shared/membershipProducts';
import { contentChanged } from '../../content/changes';
import type { DB } from '../../db/schema';
import type { OrderRow } from '../fulfil';
import { addMonths } from '../membership';

/**
 * Takes back what a refunded order delivered, in the caller's transaction: the booklet purchase it
 * made, or the months it added (taken off the end; a membership with nothing left ends now). The
 * tier stays as it is: an upgrade bought with the order is not undone (docs/decisions/049).
 */
export async function takeBack(trx: Transaction<DB>, order: OrderRow, now: number): Promise<void> {
  if (order.type === 'membership') await takeBackMonths(trx, order, now);
  else await takeBackBooklet(trx, order, now);
}

async function takeBackMonths(trx: Transaction<DB>, order: OrderRow, now: number): Promise<void> {
  const product = findMembershipProduct(order.identity);
  if (!product) throw new Error(`order ${order.ref}: unknown membership product ${order.identity}`);
  const user = await trx.selectFrom('users').select(['username', 'membership_expires_at']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
  if (user.membership_expires_at === null) return;
  const expiresAt = Math.max(now, addMonths(Number(user.membership_expires_at), -product.months));
  await trx.updateTable('users').set({ membership_expires_at: expiresAt }).where('id', '=', order.user_id).execute();
  await contentChanged(trx, [`author:${user.username}`], now);
}

async function takeBackBooklet(trx: Transaction<DB>, order: OrderRow, now: number): Promise<void> {
  await trx.deleteFrom('booklet_purchases').where('order_ref', '=', order.ref).where('user_id', '=', order.user_id).execute();
  const booklet = await trx.selectFrom('booklets').select('slug').where('id', '=', Number(order.identity)).executeTakeFirst();
  if (booklet) await contentChanged(trx, [`booklet:${booklet.slug}`], now);
}
