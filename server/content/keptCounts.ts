import type { Kysely } from 'kysely';
import type { Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { chapterCountTriggers, recountChapters } from './chapterCounts';
import { counterTriggers, recountCounts } from './counters';
import { recountStats } from '../stats/recountStats';
import { statsTriggers } from '../stats/statsTriggers';

/**
 * Every count kept by triggers: those of migration 029 (./counters.ts) and the chapter counts of
 * migration 037 (./chapterCounts.ts), and the author's stats of migration 041 (server/stats/statsTriggers.ts). Bulk loads drop `keptCountTriggers().drop`, load, `recountAll`,
 * then run `create`; `npm run admin -- recount` recounts.
 */
export function keptCountTriggers(engine: Engine): { create: string[]; drop: string[] } {
  const counts = counterTriggers(engine);
  const chapters = chapterCountTriggers(engine);
  const stats = statsTriggers(engine);
  return { create: [...counts.create, ...chapters.create, ...stats.create], drop: [...counts.drop, ...chapters.drop, ...stats.drop] };
}

/** Recomputes every kept count from the rows it counts, in one transaction (the caller's, when it is one). */
export async function recountAll(db: Kysely<DB>): Promise<void> {
  const recount = async (trx: Kysely<DB>) => {
    await recountCounts(trx);
    await recountChapters(trx);
    await recountStats(trx);
  };
  if (db.isTransaction) return recount(db);
  await db.transaction().execute(recount);
}
