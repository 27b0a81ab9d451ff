import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { refreshSearchIndex } from '../search/indexer';

/**
 * What a cached page depends on. A write names every key whose pages it changes:
 * an article by slug, everything of an author (column, their articles) by username,
 * a booklet by slug, and the public feed (home and discovery).
 */
export type ContentKey = `article:${string}` | `author:${string}` | `booklet:${string}` | 'feed';

/**
 * Records that content changed, in the caller's transaction when given one. Every
 * process (the server, `npm run admin`, other app processes on PostgreSQL) reads this
 * log to drop the cached pages that depend on the keys. The search index follows the same
 * keys at once, in the same transaction (server/search/indexer.ts, docs/decisions/038):
 * a writer that records its change keeps search current too.
 */
export async function contentChanged(db: Kysely<DB>, keys: readonly ContentKey[], now: number): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db
    .insertInto('content_changes')
    .values(unique.map((key) => ({ key, created_at: now })))
    .execute();
  await refreshSearchIndex(db, unique);
}
