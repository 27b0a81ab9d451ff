import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { closeUnpaidTrade } from './closeUnpaidTrade';
import type { ProviderTrades } from './settleTrade';

/** What the sweep did with one expired trade: settled as paid, closed unpaid, or left open for the next sweep. */
export type SweepOutcome = 'paid' | 'closed' | 'open';

export interface SweepTally {
  paid: number;
  closed: number;
  failed: number;
}

/** A trade whose time to pay has passed while it was still open. */
export interface ExpiredTrade {
  id: number;
  order_id: number;
  out_trade_no: string;
}

export interface SweepTradesDeps {
  db: Kysely<DB>;
  logger: Logger;
  now: () => number;
}

/** How many expired trades one sweep takes on. */
const SWEEP_BATCH = 50;

/**
 * One provider's sweep of the trades whose time to pay has passed: each is asked about at the
 * provider by `ask`, which settles it when paid ('paid'), closes it there when it can still be
 * paid ('closed'), or leaves it for the next sweep ('open'). A closed one is closed here too, and
 * its order when none of the order's trades is still open (server/payments/closeUnpaidTrade.ts).
 * A trade that fails is counted and logged; the others go on. Answers what it did.
 */
export async function sweepExpiredTrades(
  deps: SweepTradesDeps,
  trades: Pick<ProviderTrades, 'provider' | 'table' | 'name'>,
  ask: (trade: ExpiredTrade) => Promise<SweepOutcome>,
): Promise<SweepTally> {
  const expired = await deps.db
    .selectFrom(trades.table)
    .select(['id', 'order_id', 'out_trade_no'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', deps.now())
    .orderBy('expires_at')
    .limit(SWEEP_BATCH)
    .execute();
  const done: SweepTally = { paid: 0, closed: 0, failed: 0 };
  for (const trade of expired) {
    try {
      const outcome = await ask(trade);
      if (outcome === 'closed') {
        await closeUnpaidTrade(deps.db, { table: trades.table, id: trade.id, orderId: trade.order_id, method: trades.provider }, deps.now());
      }
      if (outcome === 'paid') done.paid += 1;
      else if (outcome === 'closed') done.closed += 1;
    } catch (error) {
      done.failed += 1;
      deps.logger.warn({ err: error, outTradeNo: trade.out_trade_no }, `${trades.name} sweep could not settle or close an order`);
    }
  }
  return done;
}
