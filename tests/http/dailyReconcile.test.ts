import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { DailyReconcile, RECONCILE_FROM_MS } from '../../server/payments/reconcile/dailyReconcile';
import type { ReconcileReport } from '../../server/payments/reconcile/reconcile';
import { sharedDatabase } from '../support/sharedDatabase';

// The daily reconciliation (docs/decisions/070): from 11:00 China time, yesterday once across the
// fleet (two processes on one database), its result logged; the clock is the test's.

const HOUR = 3600_000;
/** 2026-11-27 00:00 in China. */
const MIDNIGHT = Date.parse('2026-11-27T00:00:00+08:00');

describe('daily reconciliation (decision 070)', async () => {
  const [first, second] = await sharedDatabase();
  let clock = MIDNIGHT;
  const now = () => clock;
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info', base: undefined },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );
  const asked: string[] = [];
  let differences = 0;
  const reconcile = async (date: string): Promise<ReconcileReport> => {
    asked.push(date);
    return {
      date,
      differences,
      failed: 0,
      providers: [
        {
          provider: 'wechat',
          outcome: 'checked',
          error: null,
          fundFlow: null,
          comparison: {
            payments: { count: 1, cents: 7800 },
            refunds: { count: 0, cents: 0 },
            fee: 46_800,
            differences: Array.from({ length: differences }, () => ({
              kind: 'payment_missed' as const,
              order: 'ORDER1',
              text: 'paid 78.00 at WeChat Pay (X): no such trade here',
            })),
          },
        },
      ],
    };
  };
  const processes = [first, second].map((database) => new DailyReconcile({ db: database.db, now, logger, reconcile }));
  const tickBoth = () => Promise.all(processes.map((p) => p.tick()));

  it('before 11:00 China time nothing runs; from then, yesterday runs once across two processes', async () => {
    clock = MIDNIGHT + RECONCILE_FROM_MS - 1;
    expect(await tickBoth()).toEqual([null, null]);
    expect(asked).toEqual([]);

    clock = MIDNIGHT + RECONCILE_FROM_MS;
    const ran = (await tickBoth()).filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(asked).toEqual(['2026-11-26']);

    clock += 12 * HOUR;
    expect(await tickBoth()).toEqual([null, null]);
    expect(asked).toEqual(['2026-11-26']);
    expect(lines.filter((l) => l.msg === 'Reconciliation clean')).toEqual([expect.objectContaining({ level: 30, date: '2026-11-26', differences: 0 })]);
  });

  it('the next day runs the day after, and its differences are logged at warn', async () => {
    differences = 2;
    clock = MIDNIGHT + 24 * HOUR + 10 * HOUR;
    expect(await tickBoth()).toEqual([null, null]);
    clock = MIDNIGHT + 24 * HOUR + 11 * HOUR + 30 * 60_000;
    await tickBoth();
    expect(asked).toEqual(['2026-11-26', '2026-11-27']);
    const warned = lines.filter((l) => l.level === 40);
    expect(warned.filter((l) => l.msg === 'Reconciliation: the books and the bill differ')).toEqual([
      expect.objectContaining({ date: '2026-11-27', provider: 'wechat', kind: 'payment_missed', order: 'ORDER1' }),
      expect.objectContaining({ date: '2026-11-27', provider: 'wechat', kind: 'payment_missed', order: 'ORDER1' }),
    ]);
    expect(warned.filter((l) => l.msg === 'Reconciliation found differences')).toEqual([expect.objectContaining({ date: '2026-11-27', differences: 2 })]);
  });

  it('a day whose run is long over leaves no lease behind', async () => {
    clock = MIDNIGHT + 5 * 24 * HOUR + 12 * HOUR;
    await tickBoth();
    const leases = await first.db.selectFrom('job_leases').select('name').where('name', 'like', 'reconcile:%').orderBy('name').execute();
    expect(leases).toEqual([{ name: 'reconcile:2026-12-01' }]);
    expect(asked).toEqual(['2026-11-26', '2026-11-27', '2026-12-01']);
  });

  it('a process started and stopped runs nothing more after stop', async () => {
    const timer = new DailyReconcile({ db: first.db, now, logger, reconcile });
    timer.start(5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await timer.stop();
    const count = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toHaveLength(count);
  });
});
