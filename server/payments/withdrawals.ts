import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { creditWallet, lockWallet, PLATFORM_CLEARING, spendFromWallet } from './ledger';
import { formatCents } from '../../shared/money';
import type { Withdrawal } from '../../shared/payments';

export interface WithdrawalDeps {
  db: Kysely<DB>;
  now: () => number;
  /** The official account's AppID when WeChat is configured. */
  payoutAppId?: string;
  /** PAYMENTS_SANDBOX: without WeChat credentials the sandbox marks payouts paid at once. */
  sandbox: boolean;
}

export interface WithdrawalRequest {
  amountCents: number;
  appId: string;
  openId: string;
}

export const SANDBOX_NOTE = 'Sandbox payout: no money was sent.';
export const AWAITING_TRANSFER_NOTE = 'Awaiting transfer: WeChat transfers are not configured yet.';

/** The open id the sandbox payment login hands a user (server/payments/sandboxPages.ts). */
export function sandboxOpenId(userId: number): string {
  return `sandbox_openid_${userId}`;
}

/**
 * Withdraws to the user's own WeChat wallet: the open id must be an identity stored for this
 * user, the amount at most the balance. The money leaves the wallet for platform:clearing in
 * the same transaction that records the withdrawal, so concurrent requests cannot overdraw.
 */
export async function withdrawToWechat(deps: WithdrawalDeps, userId: number, request: WithdrawalRequest): Promise<Withdrawal> {
  if (deps.payoutAppId !== undefined && request.appId !== deps.payoutAppId) {
    throw new DomainError('invalid', 'Unknown app_id.', 'app_id');
  }
  const identity = await deps.db
    .selectFrom('wechat_identities')
    .select(['user_id', 'app'])
    .where('openid', '=', request.openId)
    .where('user_id', '=', userId)
    .$if(deps.payoutAppId !== undefined, (q) => q.where('app', '=', 'mp'))
    .executeTakeFirst();
  // A real site without payout credentials must not call a withdrawal paid: it waits for an operator.
  const sandbox = deps.payoutAppId === undefined && deps.sandbox;
  if (!identity && !(sandbox && request.openId === sandboxOpenId(userId))) {
    throw new DomainError('invalid', 'This WeChat account is not linked to your account.');
  }

  const now = deps.now();
  const status = sandbox ? 'paid' : 'pending';
  const row = await deps.db.transaction().execute(async (trx) => {
    // Lock first: the insert's foreign key share-locks the user row (docs/decisions/024).
    await lockWallet(trx, userId);
    const inserted = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        amount_cents: request.amountCents,
        app_id: request.appId,
        open_id: request.openId,
        status,
        note: sandbox ? SANDBOX_NOTE : AWAITING_TRANSFER_NOTE,
        created_at: now,
        paid_at: sandbox ? now : null,
        txn_id: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const txnId = await spendFromWallet(trx, userId, request.amountCents, { to: PLATFORM_CLEARING, kind: 'withdrawal', ref: `withdrawal:${inserted.id}`, now });
    return trx.updateTable('withdrawals').set({ txn_id: txnId }).where('id', '=', inserted.id).returningAll().executeTakeFirstOrThrow();
  });
  return {
    id: row.id,
    amount: formatCents(row.amount_cents),
    currency: 'CNY',
    currency_symbol: '¥',
    status: row.status,
    note: row.note,
    created: new Date(row.created_at).toISOString(),
  };
}

/**
 * An operator's answer to a pending withdrawal: 'paid' once the transfer went out by hand,
 * 'failed' gives the money back to the wallet (a reversing transfer from clearing).
 */
export async function settleWithdrawal(db: Kysely<DB>, id: number, outcome: 'paid' | 'failed', now: number): Promise<{ userId: number; amountCents: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new Error(`no withdrawal ${id}`);
    await lockWallet(trx, row.user_id);
    // Only a pending row moves on: the update's condition decides under concurrency.
    const updated = await trx
      .updateTable('withdrawals')
      .set({
        status: outcome,
        paid_at: outcome === 'paid' ? now : null,
        note: outcome === 'paid' ? 'Paid by an operator.' : 'Failed: the money is back in the wallet.',
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`withdrawal ${id} is ${row.status}, not pending`);
    if (outcome === 'failed') {
      await creditWallet(trx, row.user_id, row.amount_cents, { from: PLATFORM_CLEARING, kind: 'withdrawal_refund', ref: `withdrawal:${id}`, now });
    }
    return { userId: row.user_id, amountCents: row.amount_cents };
  });
}
