import type { Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';
import { rebuildSearchIndex } from '../../../server/search/indexer';
import type { Phases } from '../timing';

/** The phase name of the search index build of an engine (the report reads its time by it). */
export function searchIndexPhase(engine: string): string {
  return `${engine}: search index (rebuildSearchIndex)`;
}

/** The product's own full rebuild of the search index, timed. */
export async function rebuildIndex(phases: Phases, engine: string, db: Kysely<DB>): Promise<number> {
  const documents = await phases.run(searchIndexPhase(engine), () => rebuildSearchIndex(db));
  return documents;
}
