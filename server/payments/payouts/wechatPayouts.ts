import type { TransferApi } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import { FleetTimer } from '../../jobs/fleetTimer';
import type { OpenedNotification } from '../wechatpay/notification';
import { billSchema } from '../wechatpay/transferBills';
import { cancelPayout } from './cancelPayout';
import { claimPayout } from './claimPayout';
import { applyBill } from './followBill';
import { advancePayout } from './followPayout';
import type { PayoutDeps } from './payoutDeps';
import { OPEN_STATUSES, type PayoutStep, type WithdrawalRow } from './payoutOutcome';
import { sendPayout } from './sendPayout';
import { transferNumbers } from './transferNumbers';

/** How often the fleet follows open withdrawals, and how many at a time. */
export const PAYOUT_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 50;

export interface PayoutTally {
  paid: number;
  failed: number;
  cancelled: number;
  open: number;
  errors: number;
}

/** The numbers and the API a new withdrawal is recorded with. */
export interface NewTransfer {
  outBatchNo: string;
  outDetailNo: string | null;
  api: TransferApi;
}

/**
 * Withdrawals paid to the WeChat balance through WeChat Pay's transfer bills (docs/decisions/064)
 * or, for merchants that still have them, its transfer batches (docs/decisions/050): the first
 * send right after the withdrawal is recorded, a fleet-wide sweep that follows every open one
 * until it is paid, failed or cancelled (and sends again those whose send went unanswered), a
 * bill's notification, the author's cancel of a bill not yet confirmed, and the operator's retry.
 * Every send, query or cancel first claims the withdrawal (claimPayout.ts); the outcomes are
 * booked once whichever path comes first (payoutOutcome.ts).
 */
export class WechatPayouts {
  private readonly timer: FleetTimer;

  constructor(
    private readonly deps: PayoutDeps,
    clock: () => number = Date.now,
  ) {
    this.timer = new FleetTimer({
      db: deps.db,
      name: 'wechatpay-payouts',
      failure: 'WeChat Pay payout sweep failed',
      logger: deps.logger,
      now: clock,
      work: () => this.sweep(),
    });
  }

  /** The app whose open ids are paid. */
  get appId(): string {
    return this.deps.appId;
  }

  /** The merchant id, which the payee's confirmation in WeChat names. */
  get mchid(): string {
    return this.deps.mchid;
  }

  /** The numbers and the API a new withdrawal is recorded with: a bill's out_bill_no, or a batch's two numbers. */
  numbersFor(id: number, createdAt: number): NewTransfer {
    const numbers = transferNumbers(id, createdAt);
    return { outBatchNo: numbers.outBatchNo, outDetailNo: this.deps.api === 'bills' ? null : numbers.outDetailNo, api: this.deps.api };
  }

  /** The first send of a withdrawal just recorded (its insert took the claim): what came of it, and the refusal's reason if refused. */
  async pay(row: WithdrawalRow): Promise<{ row: WithdrawalRow; refused: string | null }> {
    const sent = await sendPayout(this.deps, row);
    return { row: await this.row(row.id), refused: sent.kind === 'refused' ? sent.reason : null };
  }

  /**
   * An operator's retry: an open withdrawal is claimed and advanced (asked about, and sent again
   * only when WeChat Pay does not have it); a pending one from before WeChat Pay was configured
   * gets its transfer numbers first. Paid and failed ones are final.
   */
  async retry(id: number): Promise<{ row: WithdrawalRow; step: PayoutStep }> {
    const before = await this.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new DomainError('not_found', `No withdrawal ${id}.`);
    if (!(OPEN_STATUSES as readonly string[]).includes(before.status))
      throw new DomainError('invalid', `Withdrawal ${id} is ${before.status}: nothing to retry.`);
    if (before.out_batch_no === null) {
      if (before.app_id !== this.deps.appId)
        throw new DomainError('invalid', `Withdrawal ${id} is for app ${before.app_id}, not WeChat Pay's ${this.deps.appId}.`);
      const numbers = this.numbersFor(before.id, Number(before.created_at));
      await this.deps.db
        .updateTable('withdrawals')
        .set({ out_batch_no: numbers.outBatchNo, out_detail_no: numbers.outDetailNo, transfer_api: numbers.api })
        .where('id', '=', id)
        .where('out_batch_no', 'is', null)
        .execute();
    }
    const claimed = await claimPayout(this.deps, id);
    if (!claimed)
      throw new DomainError('limit', `Withdrawal ${id} is being sent or asked about right now; try again in ${Math.ceil(this.deps.claimMs / 1000)} seconds.`);
    const step = await advancePayout(this.deps, claimed);
    return { row: await this.row(id), step };
  }

  /** Every open withdrawal whose claim has lapsed, oldest step first: advanced once each; one that fails is logged and counted. */
  async sweep(): Promise<PayoutTally> {
    const now = this.deps.now();
    const open = await this.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', 'in', OPEN_STATUSES)
      .where('out_batch_no', 'is not', null)
      .where((eb) => eb.or([eb('attempted_at', 'is', null), eb('attempted_at', '<=', now - this.deps.claimMs)]))
      .orderBy('attempted_at')
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute();
    const tally: PayoutTally = { paid: 0, failed: 0, cancelled: 0, open: 0, errors: 0 };
    for (const { id } of open) {
      try {
        const claimed = await claimPayout(this.deps, id);
        if (!claimed) continue;
        const step = await advancePayout(this.deps, claimed);
        if (step === 'paid' || step === 'failed' || step === 'cancelled') tally[step] += 1;
        else tally.open += 1;
      } catch (error) {
        tally.errors += 1;
        this.deps.logger.warn({ err: error, withdrawal: id }, 'WeChat Pay payout sweep could not advance a withdrawal');
      }
    }
    return tally;
  }

  /**
   * A transfer bill's notification (MCHTRANSFER.BILL.FINISHED), its signature and freshness already
   * checked (server/payments/wechatpay/notification.ts): the bill is checked against our withdrawal
   * and its outcome booked once, as a query's would be. A replay finds it booked and changes nothing.
   */
  async acceptNotification(notification: OpenedNotification): Promise<PayoutStep | 'ignored'> {
    if (notification.event !== 'MCHTRANSFER.BILL.FINISHED') {
      this.deps.logger.info({ event: notification.event, id: notification.id }, 'WeChat Pay transfer notification ignored');
      return 'ignored';
    }
    const bill = billSchema.safeParse(notification.resource());
    if (!bill.success) throw new DomainError('invalid', 'Malformed transfer bill.');
    const row = await this.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('out_batch_no', '=', bill.data.out_bill_no)
      .where('transfer_api', '=', 'bills')
      .executeTakeFirst();
    if (!row) {
      this.deps.logger.error({ outBillNo: bill.data.out_bill_no }, 'WeChat Pay transfer notification for an unknown withdrawal refused');
      throw new DomainError('invalid', 'Unknown transfer bill.');
    }
    return applyBill(this.deps, row, bill.data, 'notification');
  }

  /** The author cancels their withdrawal whose bill waits for their confirmation (cancelPayout.ts). */
  async cancel(userId: number, id: number): Promise<WithdrawalRow> {
    await cancelPayout(this.deps, userId, id);
    return this.row(id);
  }

  /** Follows open withdrawals every minute; one process of the fleet sweeps an interval (docs/decisions/042). */
  startSweep(intervalMs = PAYOUT_SWEEP_INTERVAL_MS): void {
    this.timer.start(intervalMs);
  }

  stopSweep(): Promise<void> {
    return this.timer.stop();
  }

  private row(id: number): Promise<WithdrawalRow> {
    return this.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
}
