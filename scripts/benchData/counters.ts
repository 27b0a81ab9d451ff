// The product's stored counters (server/content/keptCounts.ts, migrations 029 and 037): triggers keep them in step
// with the rows. A bulk load drops the triggers, loads, recounts once and creates them again.
import { sql, type Kysely } from 'kysely';
import { keptCountTriggers, recountAll } from '../../server/content/keptCounts';
import type { Engine } from '../../server/db/engine';
import type { DB } from '../../server/db/schema';
import type { Phases } from './timing';

export interface CounterHooks {
  /** SQL statements that drop the counter triggers, and that create them again. */
  drop: string[];
  create: string[];
  recountAll(db: Kysely<DB>): Promise<void>;
}

/** The product's counter triggers and recount for this engine. */
export function counterHooks(engine: Engine): CounterHooks {
  return { ...keptCountTriggers(engine), recountAll };
}

/** After the load: the counts recounted once, then the triggers created again, each a timed phase of `engine`. */
export async function restoreCounters(phases: Phases, engine: string, db: Kysely<DB>, counters: CounterHooks): Promise<void> {
  await phases.run(`${engine}: recount counters`, () => counters.recountAll(db));
  await phases.run(`${engine}: counter triggers`, async () => {
    for (const statement of counters.create) await sql.raw(statement).execute(db);
  });
}
