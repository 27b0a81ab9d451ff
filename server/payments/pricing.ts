import type { Kysely, Transaction } from 'kysely';
import { findMembershipProduct } from '../../shared/membershipProducts';
import type { DB, OrderType } from '../db/schema';
import { MAX_ROW_ID } from '../db/rowId';
import { DomainError } from '../domain/DomainError';
import { checkSubscriptionOrder } from './subscriptions/subscriptions';

export interface Price {
  amountCents: number;
  currency: string;
}

/**
 * What an order costs, decided by the server alone (a client amount is never trusted).
 * Refused ('invalid') for an unknown product, a subscription the price rule of decision 051 does not
 * allow (one running with renewal off), a free, trashed or own booklet, or one the buyer already owns.
 */
export async function priceOrder(db: Kysely<DB> | Transaction<DB>, userId: number, type: OrderType, identity: string, now: number): Promise<Price> {
  if (type === 'membership') {
    const product = findMembershipProduct(identity);
    if (!product) throw new DomainError('invalid', 'Unknown membership product.');
    await checkSubscriptionOrder(db, userId, product, now);
    return { amountCents: product.amountCents, currency: 'CNY' };
  }
  const bookletId = /^[1-9]\d{0,9}$/.test(identity) && Number(identity) <= MAX_ROW_ID ? Number(identity) : null;
  const booklet =
    bookletId === null
      ? undefined
      : await db.selectFrom('booklets').select(['id', 'owner_id', 'price_cents', 'currency', 'trashed']).where('id', '=', bookletId).executeTakeFirst();
  if (!booklet || booklet.trashed) throw new DomainError('invalid', 'Unknown booklet.');
  if (booklet.owner_id === userId) throw new DomainError('invalid', 'You cannot buy your own booklet.');
  if (booklet.price_cents <= 0) throw new DomainError('invalid', 'This booklet is free.');
  const bought = await db.selectFrom('booklet_purchases').select('id').where('booklet_id', '=', booklet.id).where('user_id', '=', userId).executeTakeFirst();
  if (bought) throw new DomainError('invalid', 'You already bought this booklet.');
  return { amountCents: booklet.price_cents, currency: booklet.currency };
}
