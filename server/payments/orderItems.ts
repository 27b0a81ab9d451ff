import type { Kysely } from 'kysely';
import type { OrderItem, OrderType } from '../../shared/payments';
import type { DB } from '../db/schema';
import { MAX_ROW_ID } from '../db/rowId';

/** What an order bought, by type and identity: a booklet's name and address, a membership by its product key (the reader's language names it). */
export async function orderItems(db: Kysely<DB>, orders: readonly { type: OrderType; identity: string }[]): Promise<Map<string, OrderItem>> {
  const items = new Map<string, OrderItem>();
  const bookletIds = new Set<number>();
  for (const order of orders) {
    if (order.type === 'membership') items.set(itemKey(order), { type: 'membership', identity: order.identity, name: null, path: null });
    else if (/^[1-9]\d{0,9}$/.test(order.identity) && Number(order.identity) <= MAX_ROW_ID) bookletIds.add(Number(order.identity));
  }
  if (bookletIds.size > 0) {
    const booklets = await db
      .selectFrom('booklets')
      .select(['id', 'name', 'slug'])
      .where('id', 'in', [...bookletIds])
      .execute();
    for (const booklet of booklets) {
      items.set(itemKey({ type: 'booklet', identity: String(booklet.id) }), {
        type: 'booklet',
        identity: String(booklet.id),
        name: booklet.name,
        path: `/booklet/${encodeURIComponent(booklet.slug)}/`,
      });
    }
  }
  return items;
}

/** The key of an order's item in orderItems' answer. */
export function itemKey(order: { type: OrderType; identity: string }): string {
  return `${order.type}:${order.identity}`;
}
