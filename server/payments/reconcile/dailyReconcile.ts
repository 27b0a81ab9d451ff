import { runOnceAcrossFleet } from '../../jobs/runOnceAcrossFleet';
import { SerialInterval } from '../../jobs/serialInterval';
import type { Logger } from '../../logger';
import { chinaTimeOfDay, chinaYesterday, type ChinaDate } from './chinaDay';
import { reconcileDay, type ReconcileDeps, type ReconcileReport } from './reconcile';

/** Yesterday's bills are asked for from this time of day in China: WeChat Pay makes them about 10:00 (docs/decisions/070). */
export const RECONCILE_FROM_MS = 11 * 3600_000;
/** How often each process looks whether the day's reconciliation is due. */
export const RECONCILE_CHECK_INTERVAL_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;
/** A day's lease outlives the day: the fleet runs each day once (docs/decisions/042). */
const LEASE_MS = 3 * DAY_MS;
/** At most this many differences are logged one by one; the summary line counts them all. */
const LOGGED_DIFFERENCES = 100;

export interface DailyReconcileDeps extends ReconcileDeps {
  /** The wall clock; every process of the fleet must agree on it. */
  now: () => number;
  logger: Logger;
  /** A test seam: what reconciling a day does (reconcileDay by default). */
  reconcile?: (date: ChinaDate) => Promise<ReconcileReport>;
}

/**
 * The daily sweep: from 11:00 China time, yesterday's bills are reconciled once across the fleet
 * (the lease `reconcile:<date>` in job_leases), and the result logged: differences at warn, a
 * provider that could not be checked at error. A failed day is not run again by the sweep: the
 * operator runs `npm run admin -- reconcile --date <date>`.
 */
export class DailyReconcile {
  private readonly interval: SerialInterval;

  constructor(private readonly deps: DailyReconcileDeps) {
    this.interval = new SerialInterval(() => this.tick(), deps.logger, 'the daily reconciliation failed');
  }

  /** One look: the report when this process ran yesterday's reconciliation now, else null (too early, or run already). */
  async tick(): Promise<ReconcileReport | null> {
    const { db, logger } = this.deps;
    const now = this.deps.now();
    if (chinaTimeOfDay(now) < RECONCILE_FROM_MS) return null;
    const date = chinaYesterday(now);
    const reconcile = this.deps.reconcile ?? ((day: ChinaDate) => reconcileDay(this.deps, day));
    const run = await runOnceAcrossFleet(db, { name: `reconcile:${date}`, ttlMs: LEASE_MS, now: this.deps.now }, () => reconcile(date));
    if (!run.ran) return null;
    await db.deleteFrom('job_leases').where('name', 'like', 'reconcile:%').where('expires_at', '<', now).execute();
    logReport(logger, run.result);
    return run.result;
  }

  start(intervalMs = RECONCILE_CHECK_INTERVAL_MS): void {
    this.interval.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.interval.stop();
  }
}

function logReport(logger: Logger, report: ReconcileReport): void {
  const { date } = report;
  for (const p of report.providers) {
    if (p.outcome === 'failed')
      logger.error({ date, provider: p.provider, error: p.error }, 'Reconciliation could not check a provider: run `npm run admin -- reconcile`');
    for (const d of p.comparison?.differences.slice(0, LOGGED_DIFFERENCES) ?? []) {
      logger.warn({ date, provider: p.provider, kind: d.kind, order: d.order, difference: d.text }, 'Reconciliation: the books and the bill differ');
    }
  }
  const summary = {
    date,
    differences: report.differences,
    failed: report.failed,
    providers: report.providers.map((p) => ({ provider: p.provider, outcome: p.outcome, payments: p.comparison?.payments, refunds: p.comparison?.refunds })),
  };
  if (report.differences === 0 && report.failed === 0) logger.info(summary, 'Reconciliation clean');
  else logger.warn(summary, 'Reconciliation found differences');
}
