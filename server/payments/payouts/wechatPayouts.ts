import { DomainError } from '../../domain/DomainError';
import { FleetTimer } from '../../jobs/fleetTimer';
import { claimPayout } from './claimPayout';
import { advancePayout, type PayoutStep } from './followPayout';
import type { PayoutDeps } from './payoutDeps';
import { OPEN_STATUSES, type WithdrawalRow } from './payoutOutcome';
import { sendPayout } from './sendPayout';
import { transferNumbers } from './transferNumbers';

/** How often the fleet follows open withdrawals, and how many at a time. */
export const PAYOUT_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 50;

export interface PayoutTally {
  paid: number;
  failed: number;
  open: number;
  errors: number;
}

/**
 * Withdrawals paid to the WeChat balance through WeChat Pay's transfer API (docs/decisions/050):
 * the first send right after the withdrawal is recorded, a fleet-wide sweep that follows every
 * open one until it is paid or failed (and sends again those whose send went unanswered), and
 * the operator's retry. Every send or query first claims the withdrawal (claimPayout.ts).
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

  /** The numbers a new withdrawal is recorded with. */
  numbersFor(id: number, createdAt: number): { outBatchNo: string; outDetailNo: string } {
    return transferNumbers(id, createdAt);
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
    if (before.status === 'paid' || before.status === 'failed') throw new DomainError('invalid', `Withdrawal ${id} is ${before.status}: nothing to retry.`);
    if (before.out_batch_no === null) {
      if (before.app_id !== this.deps.appId)
        throw new DomainError('invalid', `Withdrawal ${id} is for app ${before.app_id}, not WeChat Pay's ${this.deps.appId}.`);
      const numbers = transferNumbers(before.id, Number(before.created_at));
      await this.deps.db
        .updateTable('withdrawals')
        .set({ out_batch_no: numbers.outBatchNo, out_detail_no: numbers.outDetailNo })
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
    const tally: PayoutTally = { paid: 0, failed: 0, open: 0, errors: 0 };
    for (const { id } of open) {
      try {
        const claimed = await claimPayout(this.deps, id);
        if (!claimed) continue;
        const step = await advancePayout(this.deps, claimed);
        if (step === 'paid') tally.paid += 1;
        else if (step === 'failed') tally.failed += 1;
        else tally.open += 1;
      } catch (error) {
        tally.errors += 1;
        this.deps.logger.warn({ err: error, withdrawal: id }, 'WeChat Pay payout sweep could not advance a withdrawal');
      }
    }
    return tally;
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
