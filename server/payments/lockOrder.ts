import { PostgresAdapter, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { OrderRow } from './fulfil';
import { lockWallet } from './ledger';

/**
 * Locks an order for a payment, a refund or a close, in the one order every path takes
 * (docs/decisions/063): the buyer's wallet (lockWallet: the users row), then the order's row,
 * and only after these a provider's trade row. Answers the order as it is now, read under the
 * locks, so a status checked on it holds until the transaction ends. PostgreSQL takes
 * FOR NO KEY UPDATE row locks (rows inserted with a key to the order take KEY SHARE and go on);
 * SQLite's one connection runs transactions one at a time already.
 */
export async function lockOrder(trx: Transaction<DB>, orderId: number): Promise<OrderRow> {
  const owner = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  await lockWallet(trx, owner.user_id);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .$if(postgres, (q) => q.forNoKeyUpdate())
    .executeTakeFirstOrThrow();
}
