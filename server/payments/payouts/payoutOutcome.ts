import type { Kysely, Selectable } from 'kysely';
import type { DB, WithdrawalsTable } from '../../db/schema';
import { creditWallet, lockWallet, PLATFORM_CLEARING, PLATFORM_WECHATPAY, postTransfer } from '../ledger';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** Where a withdrawal stands after a step. */
export type PayoutStep = 'pending' | 'processing' | 'awaiting_payee' | 'paid' | 'failed' | 'cancelled';

/** A withdrawal still on its way: these are the only states a transfer's outcome may change. */
export const OPEN_STATUSES = ['pending', 'processing', 'awaiting_payee'] as const;

export const NOTE_SENDING = 'Sending to WeChat Pay.';
export const NOTE_PROCESSING = 'Accepted by WeChat Pay: being transferred to the WeChat balance.';
export const NOTE_PAID = 'Paid to the WeChat balance.';
export const NOTE_AWAITING_PAYEE = 'Accepted by WeChat Pay: confirm the receipt in WeChat to receive it.';
export const NOTE_CANCELLING = 'Being cancelled at WeChat Pay: the money comes back to the wallet.';

/** The ledger ref of a withdrawal's transfers (the withdrawal, its return, its payout). */
export function withdrawalRef(id: number): string {
  return `withdrawal:${id}`;
}

/** WeChat Pay accepted the transfer: processing, with its batch id (an open withdrawal only). */
export async function markProcessing(db: Kysely<DB>, row: WithdrawalRow, batchId: string | null): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ status: 'processing', note: NOTE_PROCESSING, failure: null, ...(batchId ? { batch_id: batchId.slice(0, 64) } : {}) })
    .where('id', '=', row.id)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/** A transfer bill waits for the payee's confirmation in WeChat: awaiting_payee, with its number and the package_info the confirmation takes. */
export async function markAwaitingPayee(db: Kysely<DB>, row: WithdrawalRow, billNo: string | null, packageInfo: string | null): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({
      status: 'awaiting_payee',
      note: NOTE_AWAITING_PAYEE,
      failure: null,
      ...(billNo ? { batch_id: billNo.slice(0, 64) } : {}),
      ...(packageInfo ? { package_info: packageInfo } : {}),
    })
    .where('id', '=', row.id)
    // Not back from processing: a late answer or query must not undo the payee's confirmation.
    .where('status', 'in', ['pending', 'awaiting_payee'])
    .execute();
}

/**
 * WeChat Pay paid it: in one transaction, once (the open-status guard orders concurrent callers),
 * the withdrawal turns paid and the money leaves clearing for WeChat Pay's merchant balance
 * (platform:wechatpay, which counts minus what WeChat Pay holds for us). False when done already.
 */
export async function markPaid(db: Kysely<DB>, row: WithdrawalRow, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('withdrawals')
      .set({ status: 'paid', paid_at: now, note: NOTE_PAID, failure: null, package_info: null })
      .where('id', '=', row.id)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await postTransfer(trx, {
      from: PLATFORM_CLEARING,
      to: PLATFORM_WECHATPAY,
      amountCents: Number(row.amount_cents),
      kind: 'wechat_payout',
      ref: withdrawalRef(row.id),
      now,
    });
    return true;
  });
}

/**
 * The transfer failed (WeChat Pay's FAIL, or its refusal of the first send) or a transfer bill was
 * cancelled (CANCELLED: by us, or by WeChat Pay when the payee never confirmed): in one transaction,
 * once, the withdrawal turns failed or cancelled with the reason, and the exact reverse of the
 * withdrawal's transfer gives the money back (platform:clearing -> the wallet, kind
 * withdrawal_refund). False when done already.
 */
export async function markFailed(
  db: Kysely<DB>,
  row: WithdrawalRow,
  reason: string,
  now: number,
  outcome: 'failed' | 'cancelled' = 'failed',
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Lock first, as every wallet change does (docs/decisions/024).
    await lockWallet(trx, row.user_id);
    const updated = await trx
      .updateTable('withdrawals')
      .set({
        status: outcome,
        paid_at: null,
        failure: reason.slice(0, 256),
        package_info: null,
        note: `${outcome === 'failed' ? 'Failed' : 'Cancelled'} at WeChat Pay (${reason}): the money is back in the wallet.`.slice(0, 200),
      })
      .where('id', '=', row.id)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await creditWallet(trx, row.user_id, Number(row.amount_cents), { from: PLATFORM_CLEARING, kind: 'withdrawal_refund', ref: withdrawalRef(row.id), now });
    return true;
  });
}

/** Says on the withdrawal why it is still pending, or still where it is (`status`), with no state change. */
export async function notePending(
  db: Kysely<DB>,
  row: WithdrawalRow,
  note: string,
  failure: string | null,
  status: (typeof OPEN_STATUSES)[number] = 'pending',
): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ note: note.slice(0, 200), failure: failure?.slice(0, 256) ?? null })
    .where('id', '=', row.id)
    .where('status', '=', status)
    .execute();
}
