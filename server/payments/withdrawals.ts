import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { creditWallet, lockWallet, PLATFORM_CLEARING, PLATFORM_WECHATPAY, postTransfer, spendFromWallet } from './ledger';
import type { Withdrawal } from '../../shared/payments';
import { NOTE_SENDING, OPEN_STATUSES, type WithdrawalRow } from './payouts/payoutOutcome';
import type { WechatPayouts } from './payouts/wechatPayouts';
import { withdrawalView } from './withdrawalView';

export interface WithdrawalDeps {
  db: Kysely<DB>;
  now: () => number;
  /** The official account's AppID when WeChat is configured. */
  payoutAppId?: string | undefined;
  /** PAYMENTS_SANDBOX: without WeChat credentials the sandbox marks payouts paid at once. */
  sandbox: boolean;
  /** WeChat Pay's transfers when WeChat Pay is configured (docs/decisions/050): the withdrawal is paid through them. */
  payouts?: WechatPayouts | undefined;
}

export interface WithdrawalRequest {
  amountCents: number;
  appId: string;
  openId: string;
}

/** What a withdrawal came to; `refused` is WeChat Pay's reason when it refused the transfer at once (the money is back). */
export interface WithdrawalResult {
  withdrawal: Withdrawal;
  refused: string | null;
}

/**
 * WeChat Pay's transfers (bills and batches alike) want the payee's real name, encrypted with its
 * public key, from 2,000 yuan on, which we do not collect: a transfer is below that.
 */
export const MAX_WECHAT_TRANSFER_CENTS = 200_000 - 1;

export const SANDBOX_NOTE = 'Sandbox payout: no money was sent.';
export const AWAITING_TRANSFER_NOTE = 'Awaiting transfer: WeChat transfers are not configured yet.';

/** The open id the sandbox payment login hands a user (server/web/sandboxCheckout.ts). */
export function sandboxOpenId(userId: number): string {
  return `sandbox_openid_${userId}`;
}

/**
 * Withdraws to the user's own WeChat wallet: the open id must be an identity stored for this
 * user, the amount at most the balance. The money leaves the wallet for platform:clearing in
 * the same transaction that records the withdrawal, so concurrent requests cannot overdraw.
 * With WeChat Pay configured the transfer is sent at once (docs/decisions/050, 064).
 */
export async function withdrawToWechat(deps: WithdrawalDeps, userId: number, request: WithdrawalRequest): Promise<WithdrawalResult> {
  const payoutAppId = deps.payouts?.appId ?? deps.payoutAppId;
  if (payoutAppId !== undefined && request.appId !== payoutAppId) {
    throw new DomainError('invalid', 'Unknown app_id.', 'app_id');
  }
  if (deps.payouts && request.amountCents > MAX_WECHAT_TRANSFER_CENTS) {
    throw new DomainError('invalid', 'A withdrawal to WeChat is at most 1999.99 at a time.', 'amount');
  }
  const identity = await deps.db
    .selectFrom('wechat_identities')
    .select(['user_id', 'app'])
    .where('openid', '=', request.openId)
    .where('user_id', '=', userId)
    .$if(payoutAppId !== undefined, (q) => q.where('app', '=', 'mp'))
    .executeTakeFirst();
  // A real site without payout credentials must not call a withdrawal paid: it waits for an operator.
  const sandbox = payoutAppId === undefined && deps.sandbox;
  if (!identity && !(sandbox && request.openId === sandboxOpenId(userId))) {
    throw new DomainError('invalid', 'This WeChat account is not linked to your account.');
  }

  const now = deps.now();
  const { payouts } = deps;
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
        note: sandbox ? SANDBOX_NOTE : payouts ? NOTE_SENDING : AWAITING_TRANSFER_NOTE,
        created_at: now,
        paid_at: sandbox ? now : null,
        txn_id: '',
        out_batch_no: null,
        out_detail_no: null,
        batch_id: null,
        failure: null,
        transfer_api: null,
        package_info: null,
        // The request holds the first send's claim (server/payments/payouts/claimPayout.ts).
        attempted_at: payouts ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const txnId = await spendFromWallet(trx, userId, request.amountCents, { to: PLATFORM_CLEARING, kind: 'withdrawal', ref: `withdrawal:${inserted.id}`, now });
    const numbers = payouts?.numbersFor(inserted.id, now);
    return trx
      .updateTable('withdrawals')
      .set({ txn_id: txnId, ...(numbers ? { out_batch_no: numbers.outBatchNo, out_detail_no: numbers.outDetailNo, transfer_api: numbers.api } : {}) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!payouts) return { withdrawal: withdrawalView(row), refused: null };
  const paid = await payouts.pay(row);
  return { withdrawal: withdrawalView(paid.row, payouts.mchid), refused: paid.refused };
}

/** Whether an operator may settle this withdrawal by hand: a transfer sent to WeChat Pay only with --force, after checking the merchant platform. */
export function settledByHand(row: Pick<WithdrawalRow, 'out_batch_no'>): boolean {
  return row.out_batch_no === null;
}

/**
 * An operator's answer to a pending withdrawal: 'paid' once the transfer went out by hand,
 * 'failed' gives the money back to the wallet (a reversing transfer from clearing).
 */
export async function settleWithdrawal(
  db: Kysely<DB>,
  id: number,
  outcome: 'paid' | 'failed',
  now: number,
  options: { force?: boolean } = {},
): Promise<{ userId: number; amountCents: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new Error(`no withdrawal ${id}`);
    if (!settledByHand(row) && options.force !== true) {
      throw new Error(
        `withdrawal ${id} was sent to WeChat Pay as ${row.out_batch_no ?? ''} (${row.status}): use retry-withdrawal, or check the merchant platform and add --force`,
      );
    }
    await lockWallet(trx, row.user_id);
    // Only an open row moves on (a transfer's processing one only when forced): the update's condition decides under concurrency.
    const updated = await trx
      .updateTable('withdrawals')
      .set({
        status: outcome,
        paid_at: outcome === 'paid' ? now : null,
        note: outcome === 'paid' ? 'Paid by an operator.' : 'Failed: the money is back in the wallet.',
      })
      .where('id', '=', id)
      .where('status', 'in', settledByHand(row) ? ['pending'] : OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`withdrawal ${id} is ${row.status}, not pending`);
    if (outcome === 'failed') {
      await creditWallet(trx, row.user_id, row.amount_cents, { from: PLATFORM_CLEARING, kind: 'withdrawal_refund', ref: `withdrawal:${id}`, now });
    } else if (!settledByHand(row)) {
      // WeChat Pay paid it out of the merchant balance, as an automatic payout books it.
      await postTransfer(trx, {
        from: PLATFORM_CLEARING,
        to: PLATFORM_WECHATPAY,
        amountCents: row.amount_cents,
        kind: 'wechat_payout',
        ref: `withdrawal:${id}`,
        now,
      });
    }
    return { userId: row.user_id, amountCents: row.amount_cents };
  });
}
