import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { articleDocument, articleRows, bookletDocument, bookletRows, columnDocument, columnRows, INDEX_FORMAT, searchable } from './documents';
import { forgetDocument, forgetDocumentByName, storeDocument } from './store';
import { paidChapter } from './paidChapters';
import { recordFormat, storedFormat } from './format';

export { INDEX_FORMAT } from './documents';
import { rebuildSearchIndex } from './rebuild';

export { rebuildSearchIndex };

/**
 * Keeps the search index in step with the content (docs/decisions/038 and 055).
 *
 * Every write that changes what readers see records its content keys with `contentChanged()`
 * (server/content/changes.ts), in its own transaction; that function calls `refreshSearchIndex()`
 * with the same keys, so the index changes in the same transaction as the content, in whichever
 * process wrote it, and a query right after a write sees it. What a key asks:
 *
 * - `article:<slug>`: the article is indexed again, or leaves the index when it is gone,
 *   private, trashed, banned or suspended. A paid chapter is indexed by its title alone.
 * - `booklet:<slug>`: the booklet (name, heading, description), or out when gone or trashed.
 * - `author:<username>`: the user's column (username, description), or out unless active.
 *
 * Whether the author or owner may be read (banned, suspended, a lapsed membership) is decided
 * when a query runs (server/search/search.ts): a membership lapses with no write at all.
 */

/** Brings the index up to date with these content keys (see above); other keys are ignored. */
export async function refreshSearchIndex(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  for (const key of new Set(keys)) {
    const colon = key.indexOf(':');
    if (colon < 0) continue;
    const name = key.slice(colon + 1);
    switch (key.slice(0, colon)) {
      case 'article':
        await indexArticle(db, name);
        break;
      case 'booklet':
        await indexBooklet(db, name);
        break;
      case 'author':
        await indexColumn(db, name);
        break;
    }
  }
}

async function indexArticle(db: Kysely<DB>, slug: string): Promise<void> {
  const row = await articleRows(db).where('articles.slug', '=', slug).executeTakeFirst();
  if (!row) return forgetDocumentByName(db, 'article', slug);
  if (!searchable(row)) return forgetDocument(db, 'article', row.id);
  await storeDocument(db, articleDocument(row, await paidChapter(db, row.id)));
}

async function indexBooklet(db: Kysely<DB>, slug: string): Promise<void> {
  const row = await bookletRows(db).where('booklets.slug', '=', slug).executeTakeFirst();
  if (!row) return forgetDocumentByName(db, 'booklet', slug);
  if (Number(row.trashed) !== 0) return forgetDocument(db, 'booklet', row.id);
  await storeDocument(db, bookletDocument(row));
}

async function indexColumn(db: Kysely<DB>, username: string): Promise<void> {
  const row = await columnRows(db).where('username', '=', username).executeTakeFirst();
  if (!row) return forgetDocumentByName(db, 'column', username);
  if (row.status !== 'active') return forgetDocument(db, 'column', row.id);
  await storeDocument(db, columnDocument(row));
}

/**
 * At start: builds the index when it is empty while there is something to find (a database
 * from before the index, or filled by hand), or when it was built by another format
 * (server/search/format.ts: one row, not a look through the documents); never any other
 * full-table work. Answers the number of documents built, or null when the index was current.
 */
export async function ensureSearchIndex(db: Kysely<DB>): Promise<number | null> {
  const [format, indexed, users] = await Promise.all([
    storedFormat(db),
    db.selectFrom('search_documents').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  if (format === INDEX_FORMAT && (indexed !== undefined || users === undefined)) return null;
  // A new site: nothing to build, and what is written from now on is indexed in the current format.
  if (indexed === undefined && users === undefined) {
    await recordFormat(db);
    return null;
  }
  return rebuildSearchIndex(db);
}
