import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { balanceCents, creditWallet, PLATFORM_ADJUSTMENTS, walletAccount } from './ledger';

/** Credits a wallet from platform:adjustments; returns the new balance in cents. */
export async function creditWalletByEmail(deps: { db: Kysely<DB>; now: () => number }, email: string, cents: number, note: string): Promise<number> {
  const user = await deps.db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new Error(`no user with the e-mail address ${email}`);
  return deps.db.transaction().execute(async (trx) => {
    await creditWallet(trx, user.id, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: note, now: deps.now() });
    return balanceCents(trx, walletAccount(user.id));
  });
}
