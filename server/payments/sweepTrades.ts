/** What the sweep did with one expired trade: settled as paid, closed unpaid, or left open for the next sweep. */
export type SweepOutcome = 'paid' | 'closed' | 'open';

export interface SweepTally {
  paid: number;
  closed: number;
  failed: number;
}

/** Sweeps each expired trade on its own: one that fails is counted and told, the others go on. */
export async function sweepEach<Row>(
  rows: readonly Row[],
  sweepOne: (row: Row) => Promise<SweepOutcome>,
  failed: (row: Row, error: unknown) => void,
): Promise<SweepTally> {
  const done: SweepTally = { paid: 0, closed: 0, failed: 0 };
  for (const row of rows) {
    try {
      const outcome = await sweepOne(row);
      if (outcome === 'paid') done.paid += 1;
      else if (outcome === 'closed') done.closed += 1;
    } catch (error) {
      done.failed += 1;
      failed(row, error);
    }
  }
  return done;
}
