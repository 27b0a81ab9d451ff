import type { Kysely } from 'kysely';
import type { OrderType, PaymentOrder } from '../../shared/payments';
import { countThenPage, type CountedPage } from '../db/countThenPage';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { newSecret } from '../security/secrets';
import { fulfilOrder, type OrderRow } from './fulfil';
import { PLATFORM_CLEARING, spendFromWallet } from './ledger';
import type { Logger } from '../logger';
import { lockOrder } from './lockOrder';
import { closeOpenTrades, type TradeCloser } from './openTrades';
import type { PaymentPause } from './paymentPause';
import { formatCents } from '../../shared/money';
import { formatPrice } from '../../shared/price';
import { priceOrder } from './pricing';

/** An order as the API shows it (shared/payments.ts). */
export type OrderJson = PaymentOrder;

export const ORDER_ALREADY_PAID = 'Order already paid.';
export const ORDER_REFUNDED = 'Order refunded.';
export const ORDER_EXPIRED = 'Order expired. Please start again.';

/** Unpaid orders one user may start in an hour: enough for any shopper, not for filling the table. */
export const MAX_OPEN_ORDERS = 100;
const OPEN_ORDER_WINDOW_MS = 3600_000;

export function orderJson(order: OrderRow): OrderJson {
  return {
    id: order.ref,
    type: order.type,
    identity: order.identity,
    amount: formatCents(Number(order.amount_cents)),
    currency: order.currency,
    currency_symbol: order.currency === 'CNY' ? '¥' : order.currency,
    status: order.status,
    method: order.method,
    created: new Date(Number(order.created_at)).toISOString(),
    paid: order.paid_at === null ? null : new Date(Number(order.paid_at)).toISOString(),
  };
}

/** What a buyer asks to buy, and the amount they were shown for it (cents). */
export interface OrderAsked {
  type: OrderType;
  identity: string;
  amountCents: number;
}

/**
 * Creates an order at the server's price (priceOrder), only when it is the amount the buyer was
 * shown: any other is refused (invalid, on `amount`) before anything is written.
 */
export async function createOrder(db: Kysely<DB>, userId: number, asked: OrderAsked, now: number): Promise<OrderRow> {
  const { type, identity } = asked;
  const price = await priceOrder(db, userId, type, identity, now);
  if (price.amountCents !== asked.amountCents) {
    const text = (cents: number) => formatPrice({ amount_cents: cents, currency: price.currency });
    throw new DomainError('invalid', `The price is ${text(price.amountCents)}, not ${text(asked.amountCents)}. Please look at it again.`, 'amount');
  }
  const open = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'not in', ['paid', 'refunded'])
    .where('created_at', '>', now - OPEN_ORDER_WINDOW_MS)
    .executeTakeFirst();
  if (Number(open?.n ?? 0) >= MAX_OPEN_ORDERS) throw new DomainError('limit', 'Too many unpaid orders. Please try again later.');
  return db
    .insertInto('orders')
    .values({
      ref: newOrderRef(),
      user_id: userId,
      type,
      identity,
      amount_cents: price.amountCents,
      currency: price.currency,
      status: 'created',
      method: null,
      provider_ref: null,
      created_at: now,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * How long an unpaid order lives: a reader who chose a method and did not pay may pay it, and sees
 * it in their list, for a day; then it expires and leaves the list (docs/decisions/068).
 */
export const UNPAID_ORDER_LIFETIME_MS = 24 * 3600_000;

/** The order can still be paid: not paid, refunded, closed, nor an unpaid one past its lifetime. */
export function assertPayable(order: OrderRow, now: number): OrderRow {
  if (order.status === 'paid') throw new DomainError('invalid', ORDER_ALREADY_PAID);
  if (order.status === 'refunded') throw new DomainError('invalid', ORDER_REFUNDED);
  if (order.status === 'closed') throw new DomainError('invalid', 'Order closed.');
  if (Number(order.created_at) <= now - UNPAID_ORDER_LIFETIME_MS) throw new DomainError('invalid', ORDER_EXPIRED);
  return order;
}

/** A page of the buyer's orders, newest first: paid and refunded ones always, unpaid ones for UNPAID_ORDER_LIFETIME_MS. */
export async function listOrders(db: Kysely<DB>, userId: number, page: number, pageSize: number, now: number): Promise<CountedPage<OrderRow>> {
  const listed = db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', 'in', ['paid', 'refunded']), eb('created_at', '>', now - UNPAID_ORDER_LIFETIME_MS)]));
  return countThenPage(listed, page, pageSize, (slice) => slice.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
}

/** The caller's own order by ref; anyone else's reads as missing ('not_found'). */
export async function ownOrder(db: Kysely<DB>, userId: number, ref: string): Promise<OrderRow> {
  const order = await db.selectFrom('orders').selectAll().where('ref', '=', ref).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw new DomainError('not_found', 'Not found.');
  return order;
}

export interface WalletPayDeps {
  db: Kysely<DB>;
  now: () => number;
  logger: Logger;
  /** The providers configured (WeChat Pay, Alipay): they close the order's open trades once it is paid. */
  closers: Iterable<TradeCloser | undefined>;
  /** A test seam: holds the payment with its order locked (server/payments/paymentPause.ts). */
  pause?: PaymentPause | undefined;
}

/**
 * Pays an order from the buyer's wallet and delivers it, all in one transaction, under the order's
 * locks (server/payments/lockOrder.ts): an order paid meanwhile another way is refused ('invalid',
 * 'Order already paid.') before any money moves. Then the order's open provider trades are closed.
 */
export async function payWithWallet(deps: WalletPayDeps, userId: number, ref: string): Promise<OrderRow> {
  const now = deps.now();
  const paid = await deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('orders').select('id').where('ref', '=', ref).where('user_id', '=', userId).executeTakeFirst();
    if (!found) throw new DomainError('not_found', 'Not found.');
    const order = await lockOrder(trx, found.id);
    await deps.pause?.({ path: 'wallet', order: order.ref, trx });
    assertPayable(order, now);
    await spendFromWallet(trx, userId, Number(order.amount_cents), { to: PLATFORM_CLEARING, kind: `order_${order.type}`, ref: order.ref, now });
    // Under the locks nothing else pays it; were it paid all the same, the debit above is rolled back with this.
    if (!(await fulfilOrder(trx, order, 'wallet', now))) throw new DomainError('conflict', ORDER_ALREADY_PAID);
    return trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  });
  await closeOpenTrades(deps, deps.closers, paid);
  return paid;
}

/** A provider payment started: the order waits for its callback. */
export async function markPending(db: Kysely<DB>, userId: number, ref: string, method: string, now: number): Promise<OrderRow> {
  const order = assertPayable(await ownOrder(db, userId, ref), now);
  // Asked again (a reload, a second tab), a pending order with this method is left as it is.
  if (order.status === 'pending' && order.method === method) return order;
  await db
    .updateTable('orders')
    .set({ status: 'pending', method })
    .where('id', '=', order.id)
    .where('status', 'in', ['created', 'pending', 'failed'])
    .execute();
  return { ...order, status: 'pending', method };
}

/**
 * An order's reference: 12 random bytes as 16 URL-safe characters, the first a letter or digit. A reference
 * starting with '-' reads as an option on an operator's command line (`npm run admin -- refund`).
 */
export function newOrderRef(): string {
  for (;;) {
    const ref = newSecret(12);
    if (/^[A-Za-z0-9]/.test(ref)) return ref;
  }
}
