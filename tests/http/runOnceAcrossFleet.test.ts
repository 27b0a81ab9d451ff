import { describe, expect, it } from 'vitest';
import { runOnceAcrossFleet } from '../../server/jobs/runOnceAcrossFleet';
import { sharedDatabase } from '../support/sharedDatabase';

const MINUTE = 60_000;

describe('runOnceAcrossFleet (docs/decisions/042)', async () => {
  const [dbA, dbB] = await sharedDatabase();
  let clock = Date.now();
  const now = () => clock;

  it('of concurrent callers in two processes, exactly one runs the work', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return 'swept';
    };
    const job = { name: 'sweep', ttlMs: MINUTE, now };
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => runOnceAcrossFleet(i % 2 ? dbB.db : dbA.db, job, work)));
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, result: 'swept' }]);
  });

  it('the lease keeps others out until it expires; then the next caller runs', async () => {
    const job = { name: 'sweep', ttlMs: MINUTE, now };
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    clock += MINUTE - 1;
    expect(await runOnceAcrossFleet(dbB.db, job, work)).toEqual({ ran: false });
    clock += 1;
    expect(await runOnceAcrossFleet(dbB.db, job, work)).toEqual({ ran: true, result: undefined });
    expect(await runOnceAcrossFleet(dbA.db, job, work)).toEqual({ ran: false });
    expect(runs).toBe(1);
  });

  it('jobs of other names have leases of their own', async () => {
    const ran = await runOnceAcrossFleet(dbA.db, { name: 'another', ttlMs: MINUTE, now }, async () => 1);
    expect(ran).toEqual({ ran: true, result: 1 });
  });

  it('a failed run throws to its caller and keeps the lease until it expires', async () => {
    const job = { name: 'failing', ttlMs: MINUTE, now };
    await expect(runOnceAcrossFleet(dbA.db, job, () => Promise.reject(new Error('upstream down')))).rejects.toThrow('upstream down');
    expect(await runOnceAcrossFleet(dbB.db, job, async () => 1)).toEqual({ ran: false });
  });
});
