import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { preparedQuery } from '../db/preparedQuery';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { MAX_TRANSFER_CENTS } from '../../shared/money';

/** The platform's own accounts (docs/decisions/024). */
export const PLATFORM_CLEARING = 'platform:clearing';
export const PLATFORM_REVENUE = 'platform:revenue';
export const PLATFORM_ADJUSTMENTS = 'platform:adjustments';
/** Money paid to the merchant account at WeChat Pay (docs/decisions/037): its balance is minus what WeChat Pay took in for us. */
export const PLATFORM_WECHATPAY = 'platform:wechatpay';
/** Money paid to the app's account at Alipay (docs/decisions/044): its balance is minus what Alipay took in for us. */
export const PLATFORM_ALIPAY = 'platform:alipay';

export interface Transfer {
  from: string;
  to: string;
  amountCents: number;
  kind: string;
  ref: string;
  now: number;
}

export interface WalletMove {
  kind: string;
  ref: string;
  now: number;
}

/** A user's wallet account. */
export function walletAccount(userId: number): string {
  return `wallet:${userId}`;
}

/** Moves money between two accounts as one txn of two rows summing to zero; returns the txn id. */
export async function postTransfer(trx: Transaction<DB>, t: Transfer): Promise<string> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0 || t.amountCents > MAX_TRANSFER_CENTS) {
    throw new Error(`ledger: a transfer moves 1..${MAX_TRANSFER_CENTS} cents, not ${t.amountCents}`);
  }
  if (t.from === t.to) throw new Error('ledger: a transfer needs two different accounts');
  const txnId = randomUUID();
  const row = { txn_id: txnId, kind: t.kind.slice(0, 32), ref: t.ref.slice(0, 64), created_at: t.now };
  await trx
    .insertInto('ledger_entries')
    .values([
      { ...row, account: t.from, amount_cents: -t.amountCents },
      { ...row, account: t.to, amount_cents: t.amountCents },
    ])
    .execute();
  return txnId;
}

/** Every signed-in page asks it (the account's `coin`): built once (db/preparedQuery.ts). */
const accountTotal = preparedQuery(1, (db, account: string) =>
  db
    .selectFrom('ledger_entries')
    .select(sql<string | number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('account', '=', account),
);

/** An account's balance: the sum of its entries. */
export async function balanceCents(db: Kysely<DB> | Transaction<DB>, account: string): Promise<number> {
  const row = await accountTotal.first(db, account);
  // PostgreSQL sums bigint as numeric, which pg hands over as a string.
  return Number(row?.total ?? 0);
}

/**
 * Serialises wallet spending of one user. PostgreSQL locks the user's row until the
 * transaction ends (FOR NO KEY UPDATE: rows inserted with a foreign key to the user take
 * KEY SHARE locks, which FOR UPDATE would wait on and deadlock with); SQLite's one
 * connection already runs transactions one at a time.
 */
export async function lockWallet(trx: Transaction<DB>, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** Pays from a user's wallet: refused ('invalid', 'Insufficient balance.') when it holds less. */
export async function spendFromWallet(trx: Transaction<DB>, userId: number, amountCents: number, move: WalletMove & { to: string }): Promise<string> {
  await lockWallet(trx, userId);
  const account = walletAccount(userId);
  if ((await balanceCents(trx, account)) < amountCents) throw new DomainError('invalid', 'Insufficient balance.');
  return postTransfer(trx, { from: account, to: move.to, amountCents, kind: move.kind, ref: move.ref, now: move.now });
}

/** Pays into a user's wallet from another account. */
export async function creditWallet(trx: Transaction<DB>, userId: number, amountCents: number, move: WalletMove & { from: string }): Promise<string> {
  return postTransfer(trx, { from: move.from, to: walletAccount(userId), amountCents, kind: move.kind, ref: move.ref, now: move.now });
}

/** Cents as the API shows amounts: a decimal string with two places ('78.00', '-0.50'). */
