import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { engineOf } from '../db/engine';
import type { DB, SearchDocumentsTable, SearchKind } from '../db/schema';
import { htmlText, indexWords } from './text';

/**
 * Keeps `search_documents` (migration 021) in step with the content (docs/decisions/038).
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

/** Bump when the words change (server/search/text.ts): `ensureSearchIndex()` then builds the index anew. */
export const INDEX_FORMAT = 1;
/** Snippets come from the first this many characters of a text. */
const MAX_BODY_TEXT = 50_000;
const BATCH = 200;

type Document = Insertable<SearchDocumentsTable>;

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
  if (!row) return forgetByName(db, 'article', slug);
  if (!searchable(row)) return forget(db, 'article', row.id);
  const paid = await paidChapter(db, row.id);
  await store(db, articleDocument(row, paid));
}

async function indexBooklet(db: Kysely<DB>, slug: string): Promise<void> {
  const row = await bookletRows(db).where('slug', '=', slug).executeTakeFirst();
  if (!row) return forgetByName(db, 'booklet', slug);
  if (Number(row.trashed) !== 0) return forget(db, 'booklet', row.id);
  await store(db, bookletDocument(row));
}

async function indexColumn(db: Kysely<DB>, username: string): Promise<void> {
  const row = await columnRows(db).where('username', '=', username).executeTakeFirst();
  if (!row) return forgetByName(db, 'column', username);
  if (row.status !== 'active') return forget(db, 'column', row.id);
  await store(db, columnDocument(row));
}

/**
 * Builds the whole index anew, in one transaction: every readable article, every booklet
 * out of the trash, every active user's column. Answers how many documents it holds.
 */
export async function rebuildSearchIndex(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Two processes starting on one PostgreSQL database: the second waits, then builds again.
    if (engineOf(trx) === 'postgres') await sql`lock table search_documents in exclusive mode`.execute(trx);
    await trx.deleteFrom('search_documents').execute();
    const paid = await paidChapterIds(trx);
    let count = 0;
    for (let after = 0; ;) {
      const rows = await articleRows(trx)
        .where('articles.id', '>', after)
        .where('articles.visibility', '=', 'public')
        .where('articles.trashed', '=', 0)
        .where('articles.moderation', '=', 'none')
        .orderBy('articles.id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      count += await insertAll(
        trx,
        rows.map((row) => articleDocument(row, paid.has(row.id))),
      );
      after = rows[rows.length - 1]?.id ?? after;
    }
    const booklets = await bookletRows(trx).where('trashed', '=', 0).execute();
    count += await insertAll(trx, booklets.map(bookletDocument));
    const columns = await columnRows(trx).where('status', '=', 'active').execute();
    count += await insertAll(trx, columns.map(columnDocument));
    // Fresh statistics: without them PostgreSQL's planner may scan the table once per user, and
    // SQLite reads each match's long row instead of the narrow ranking index.
    await sql`analyze search_documents`.execute(trx);
    return count;
  });
}

/**
 * At start: builds the index when it is empty while there is something to find (a database
 * from before migration 021, or filled by hand), or when it was made by an older format.
 * Answers the number of documents built, or null when the index was current.
 */
export async function ensureSearchIndex(db: Kysely<DB>): Promise<number | null> {
  const current = `${INDEX_FORMAT}:%`;
  const [indexed, outdated, users] = await Promise.all([
    db.selectFrom('search_documents').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('search_documents').select('id').where('version', 'not like', current).limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  if (outdated === undefined && (indexed !== undefined || users === undefined)) return null;
  return rebuildSearchIndex(db);
}

// The rows documents are made of.

function articleRows(db: Kysely<DB>) {
  return db
    .selectFrom('articles')
    .select([
      'articles.id',
      'articles.slug',
      'articles.author_id',
      'articles.title',
      'articles.description',
      'articles.content',
      'articles.visibility',
      'articles.moderation',
      'articles.trashed',
      'articles.modified_at',
    ]);
}

type ArticleRow = Awaited<ReturnType<ReturnType<typeof articleRows>['executeTakeFirstOrThrow']>>;

function bookletRows(db: Kysely<DB>) {
  return db.selectFrom('booklets').select(['id', 'slug', 'owner_id', 'name', 'heading', 'description', 'trashed', 'modified_at']);
}

type BookletRow = Awaited<ReturnType<ReturnType<typeof bookletRows>['executeTakeFirstOrThrow']>>;

function columnRows(db: Kysely<DB>) {
  return db.selectFrom('users').select(['id', 'username', 'description', 'status', 'created_at']);
}

type ColumnRow = Awaited<ReturnType<ReturnType<typeof columnRows>['executeTakeFirstOrThrow']>>;

/** The article's own state lets anyone read it (its author's is checked at query time). */
function searchable(row: ArticleRow): boolean {
  return row.visibility === 'public' && Number(row.trashed) === 0 && row.moderation === 'none';
}

/**
 * A payment_required chapter of a priced booklet, trashed or not: its text is never indexed
 * (the rule of `paidChapterArticleIds()` in server/content/paywall.ts, decision 007).
 */
function paidChapters(db: Kysely<DB>) {
  return db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select('booklet_items.article_id')
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .where('booklet_items.article_id', 'is not', null);
}

async function paidChapter(db: Kysely<DB>, articleId: number): Promise<boolean> {
  return (await paidChapters(db).where('booklet_items.article_id', '=', articleId).limit(1).executeTakeFirst()) !== undefined;
}

async function paidChapterIds(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await paidChapters(db).distinct().execute();
  return new Set(rows.flatMap((row) => (row.article_id === null ? [] : [Number(row.article_id)])));
}

// Documents.

function articleDocument(row: ArticleRow, paid: boolean): Document {
  const body = paid ? '' : joined(row.description, htmlText(row.content));
  return document('article', row.id, row.author_id, row.slug, row.title, body, Number(row.modified_at), [
    row.title,
    row.description,
    row.content,
    paid ? 'paid' : 'free',
  ]);
}

function bookletDocument(row: BookletRow): Document {
  const body = joined(row.heading, row.description);
  return document('booklet', row.id, row.owner_id, row.slug, row.name, body, Number(row.modified_at), [row.name, row.heading, row.description]);
}

function columnDocument(row: ColumnRow): Document {
  return document('column', row.id, row.id, row.username, row.username, row.description, Number(row.created_at), [row.username, row.description]);
}

function document(kind: SearchKind, id: number, ownerId: number, slug: string, title: string, body: string, sortAt: number, sources: string[]): Document {
  return {
    kind,
    ref_id: Number(id),
    owner_id: Number(ownerId),
    slug,
    title_words: indexWords(title),
    body_words: indexWords(body),
    body_text: cut(body, MAX_BODY_TEXT),
    sort_at: sortAt,
    version: version([slug, String(sortAt), ...sources]),
  };
}

/** The format, then a hash of the sources: a save that changed nothing indexed (a comment, a like) is not indexed again. */
function version(sources: readonly string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source).update('\u0000');
  return `${INDEX_FORMAT}:${hash.digest('base64url')}`;
}

function joined(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  // Never end on the first half of a surrogate pair.
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

// Writes.

async function store(db: Kysely<DB>, doc: Document): Promise<void> {
  const stored = await db.selectFrom('search_documents').select('version').where('kind', '=', doc.kind).where('ref_id', '=', doc.ref_id).executeTakeFirst();
  if (stored?.version === doc.version) return;
  await db
    .insertInto('search_documents')
    .values(doc)
    .onConflict((conflict) =>
      conflict.columns(['ref_id', 'kind']).doUpdateSet((eb) => ({
        owner_id: eb.ref('excluded.owner_id'),
        slug: eb.ref('excluded.slug'),
        title_words: eb.ref('excluded.title_words'),
        body_words: eb.ref('excluded.body_words'),
        body_text: eb.ref('excluded.body_text'),
        sort_at: eb.ref('excluded.sort_at'),
        version: eb.ref('excluded.version'),
      })),
    )
    .execute();
}

async function insertAll(db: Kysely<DB>, docs: readonly Document[]): Promise<number> {
  // A few rows a statement: SQLite takes at most 32766 parameters, and texts can be long.
  for (let i = 0; i < docs.length; i += 20)
    await db
      .insertInto('search_documents')
      .values(docs.slice(i, i + 20))
      .execute();
  return docs.length;
}

async function forget(db: Kysely<DB>, kind: SearchKind, id: number): Promise<void> {
  await db.deleteFrom('search_documents').where('kind', '=', kind).where('ref_id', '=', Number(id)).execute();
}

async function forgetByName(db: Kysely<DB>, kind: SearchKind, name: string): Promise<void> {
  await db.deleteFrom('search_documents').where('kind', '=', kind).where('slug', '=', name).execute();
}
