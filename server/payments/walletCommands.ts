import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { balanceCents, creditWallet, formatCents, parseAmountCents, PLATFORM_ADJUSTMENTS, PLATFORM_CLEARING, PLATFORM_REVENUE, walletAccount } from './ledger';

interface WalletAdminDeps {
  db: Kysely<DB>;
  now: () => number;
}

interface Command {
  usage: string;
  run: (args: string[], deps: WalletAdminDeps) => Promise<string>;
}

export const DEFAULT_CREDIT_NOTE = 'Credit from the site';

/** The operator's wallet commands (docs/decisions/024), merged into `npm run admin`. */
export const walletCommands: Readonly<Record<string, Command>> = {
  'credit-wallet': {
    usage: 'credit-wallet <email> <amount in yuan, e.g. 12.50> [--note "shown in the wallet, 64 characters at most"]',
    async run(args, deps) {
      const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { note: { type: 'string' } } });
      const [email, amount] = positionals;
      if (!email || !amount || positionals.length !== 2) throw new Error('credit-wallet needs an e-mail address and an amount');
      const cents = parseAmountCents(amount);
      if (cents === null) throw new Error(`not an amount above 0 with at most 2 decimals: ${amount}`);
      const note = (values.note ?? DEFAULT_CREDIT_NOTE).trim();
      if (note.length === 0 || note.length > 64) throw new Error('--note takes 1 to 64 characters');
      const balance = await creditWalletByEmail(deps, email, cents, note);
      return `credited ${formatCents(cents)} CNY to ${email.toLowerCase()}; the wallet now holds ${formatCents(balance)} CNY`;
    },
  },
  'ledger-audit': {
    usage: 'ledger-audit   (checks that every ledger txn sums to zero; prints the platform accounts)',
    async run(_args, { db }) {
      const unbalanced = await db
        .selectFrom('ledger_entries')
        .select('txn_id')
        .groupBy('txn_id')
        .having((eb) => eb.fn.sum('amount_cents'), '!=', 0)
        .execute();
      const accounts = await Promise.all(
        [PLATFORM_CLEARING, PLATFORM_REVENUE, PLATFORM_ADJUSTMENTS].map(async (account) => `${account}\t${formatCents(await balanceCents(db, account))}`),
      );
      if (unbalanced.length > 0) {
        throw new Error(`${unbalanced.length} unbalanced txn(s): ${unbalanced.slice(0, 20).map((r) => r.txn_id).join(', ')}`);
      }
      return ['every txn sums to zero', ...accounts].join('\n');
    },
  },
};

/** Credits a wallet from platform:adjustments; returns the new balance in cents. */
export async function creditWalletByEmail(deps: WalletAdminDeps, email: string, cents: number, note: string): Promise<number> {
  const user = await deps.db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new Error(`no user with the e-mail address ${email}`);
  return deps.db.transaction().execute(async (trx) => {
    await creditWallet(trx, user.id, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: note, now: deps.now() });
    return balanceCents(trx, walletAccount(user.id));
  });
}
