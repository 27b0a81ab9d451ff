import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import type { OrderRow } from './fulfil';
import type { ProviderTrades } from './settleTrade';

/** An order poll asks a provider about one of its trades at most this often. */
const QUERY_INTERVAL_MS = 3000;

export interface PollTradesDeps {
  db: Kysely<DB>;
  logger: Logger;
  now: () => number;
}

/**
 * An order poll (or the reader's return from the provider): a pending order of this provider has
 * its newest open trades (at most `limit`) asked about there, each at most every few seconds, and
 * `querySettle` settles the ones paid, so a lost or late notification does not leave the payer
 * waiting. A failed query is logged: the next poll, the notification or the sweep settles it.
 * Answers the order as it is now.
 */
export async function pollTrades(
  deps: PollTradesDeps,
  trades: Pick<ProviderTrades, 'provider' | 'table' | 'name'>,
  order: OrderRow,
  limit: number,
  querySettle: (outTradeNo: string) => Promise<unknown>,
): Promise<OrderRow> {
  const { db } = deps;
  if (order.status !== 'pending' || order.method !== trades.provider) return order;
  const now = deps.now();
  const open = await db
    .selectFrom(trades.table)
    .select(['id', 'out_trade_no'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('queried_at', 'is', null), eb('queried_at', '<', now - QUERY_INTERVAL_MS), eb('queried_at', '>', now)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  for (const row of open) {
    await db.updateTable(trades.table).set({ queried_at: now }).where('id', '=', row.id).execute();
    try {
      await querySettle(row.out_trade_no);
    } catch (error) {
      deps.logger.warn({ err: error, outTradeNo: row.out_trade_no }, `${trades.name} query on an order poll failed`);
    }
  }
  return db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
}
