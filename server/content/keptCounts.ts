import type { Kysely } from 'kysely';
import type { Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { chapterCountTriggers, recountChapters } from './chapterCounts';
import { counterTriggers, recountCounts } from './counters';

/**
 * Every count kept by triggers: those of migration 029 (./counters.ts) and the chapter counts of
 * migration 037 (./chapterCounts.ts). Bulk loads drop `keptCountTriggers().drop`, load, `recountAll`,
 * then run `create`; `npm run admin -- recount` recounts.
 */
export function keptCountTriggers(engine: Engine): { create: string[]; drop: string[] } {
  const counts = counterTriggers(engine);
  const chapters = chapterCountTriggers(engine);
  return { create: [...counts.create, ...chapters.create], drop: [...counts.drop, ...chapters.drop] };
}

/** Recomputes every kept count from the rows it counts, in one transaction (the caller's, when it is one). */
export async function recountAll(db: Kysely<DB>): Promise<void> {
  const recount = async (trx: Kysely<DB>) => {
    await recountCounts(trx);
    await recountChapters(trx);
  };
  if (db.isTransaction) return recount(db);
  await db.transaction().execute(recount);
}
