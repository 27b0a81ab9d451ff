import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The order on the sandbox checkout (server/web/sandboxCheckout.ts), only for the payer who
 * placed it: anyone else, or a ref that cannot be one, finds no such order.
 */
export async function payersSandboxOrder(db: Kysely<DB>, payerId: number | undefined, ref: string) {
  // Refs are 16 URL-safe characters: anything else (a NUL, which PostgreSQL refuses) is no order.
  if (payerId === undefined || !/^[A-Za-z0-9_-]{1,32}$/.test(ref)) return undefined;
  return db.selectFrom('orders').selectAll().where('ref', '=', ref).where('user_id', '=', payerId).executeTakeFirst();
}

/** What the order buys: the booklet's name, or the membership product key (vip_monthly_manual). */
export async function orderItemName(db: Kysely<DB>, type: string, identity: string): Promise<string> {
  if (type !== 'booklet') return identity;
  const booklet = await db.selectFrom('booklets').select('name').where('id', '=', Number(identity)).executeTakeFirst();
  return booklet?.name ?? identity;
}
