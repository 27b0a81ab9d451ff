import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { INDEX_FORMAT } from './documents';

/**
 * The format the search index was built by, kept in one row of `search_meta` (migration 030,
 * docs/decisions/055): at start, `ensureSearchIndex()` (server/search/indexer.ts) reads this row
 * instead of looking through the documents for an older one, so a large index costs nothing to check.
 */

const KEY = 'format';

/** The format of the index as built, or null when none was recorded. */
export async function storedFormat(db: Kysely<DB>): Promise<number | null> {
  const row = await db.selectFrom('search_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? Number(row.value) : null;
}

/** Records that the index now holds documents of the current format (`INDEX_FORMAT`), in the caller's transaction. */
export async function recordFormat(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('search_meta').where('key', '=', KEY).execute();
  await db
    .insertInto('search_meta')
    .values({ key: KEY, value: String(INDEX_FORMAT) })
    .execute();
}
