import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB, WithdrawalStatus } from '../db/schema';
import { settleWithdrawal } from '../payments/withdrawals';
import { creditWalletByEmail } from '../payments/walletCredit';
import { balanceCents, PLATFORM_ADJUSTMENTS, PLATFORM_CLEARING, PLATFORM_REVENUE, PLATFORM_WECHATPAY, PLATFORM_ALIPAY } from '../payments/ledger';
import { formatCents, parseAmountCents } from '../../shared/money';

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
        [PLATFORM_CLEARING, PLATFORM_REVENUE, PLATFORM_ADJUSTMENTS, PLATFORM_WECHATPAY, PLATFORM_ALIPAY].map(
          async (account) => `${account}\t${formatCents(await balanceCents(db, account))}`,
        ),
      );
      if (unbalanced.length > 0) {
        throw new Error(
          `${unbalanced.length} unbalanced txn(s): ${unbalanced
            .slice(0, 20)
            .map((r) => r.txn_id)
            .join(', ')}`,
        );
      }
      return ['every txn sums to zero', ...accounts].join('\n');
    },
  },
  'list-withdrawals': {
    usage: 'list-withdrawals [--status pending|processing|awaiting_payee|paid|failed|cancelled]   (id, e-mail, amount, status, app, open id, created, note)',
    async run(args, { db }) {
      const { values } = parseArgs({ args, options: { status: { type: 'string' } } });
      const status = values.status;
      if (status !== undefined && !isWithdrawalStatus(status)) throw new Error('--status takes pending, processing, awaiting_payee, paid, failed or cancelled');
      const rows = await db
        .selectFrom('withdrawals')
        .innerJoin('users', 'users.id', 'withdrawals.user_id')
        .select([
          'withdrawals.id',
          'users.email',
          'withdrawals.amount_cents',
          'withdrawals.status',
          'withdrawals.app_id',
          'withdrawals.open_id',
          'withdrawals.created_at',
          'withdrawals.note',
        ])
        .$if(status !== undefined, (q) => q.where('withdrawals.status', '=', status ?? 'pending'))
        .orderBy('withdrawals.id')
        .execute();
      if (rows.length === 0) return 'no withdrawals';
      return rows
        .map((w) => [w.id, w.email, formatCents(w.amount_cents), w.status, w.app_id, w.open_id, new Date(w.created_at).toISOString(), w.note].join('\t'))
        .join('\n');
    },
  },
  'settle-withdrawal': {
    usage:
      'settle-withdrawal <id> <paid|failed> [--force]   (failed gives the money back; --force only after checking a sent transfer in the merchant platform)',
    async run(args, { db, now }) {
      const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean' } } });
      const [id, outcome] = positionals;
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || (outcome !== 'paid' && outcome !== 'failed') || positionals.length !== 2) {
        throw new Error('settle-withdrawal needs a withdrawal id and paid or failed');
      }
      const settled = await settleWithdrawal(db, Number(id), outcome, now(), { force: values.force === true });
      return outcome === 'paid'
        ? `withdrawal ${id} is paid`
        : `withdrawal ${id} failed: ${formatCents(settled.amountCents)} CNY is back in the wallet of user ${settled.userId}`;
    },
  },
};

function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return ['pending', 'processing', 'awaiting_payee', 'paid', 'failed', 'cancelled'].includes(value);
}
