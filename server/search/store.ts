import { sql, type Kysely } from 'kysely';
import { engineOf } from '../db/engine';
import type { DB, SearchKind } from '../db/schema';
import type { SearchDocument } from './documents';
import { tsvectorLiteral } from './vector';

/**
 * Writes documents (server/search/documents.ts) into the index of either engine
 * (docs/decisions/055): a row of `search_documents`, and its tokens into SQLite's FTS5 table
 * `search_fts` (rowid = the row's id) or PostgreSQL's `search_vector` column.
 */

/** One document, as a change asks: nothing when the stored row was made from the same sources. */
export async function storeDocument(db: Kysely<DB>, doc: SearchDocument): Promise<void> {
  const stored = await db
    .selectFrom('search_documents')
    .select(['id', 'version'])
    .where('kind', '=', doc.kind)
    .where('ref_id', '=', doc.ref_id)
    .executeTakeFirst();
  if (stored?.version === doc.version) return;
  if (stored) await forgetRow(db, Number(stored.id));
  await insertDocuments(db, [doc]);
}

/** A document leaves the index. */
export async function forgetDocument(db: Kysely<DB>, kind: SearchKind, refId: number): Promise<void> {
  const stored = await db.selectFrom('search_documents').select('id').where('kind', '=', kind).where('ref_id', '=', Number(refId)).executeTakeFirst();
  if (stored) await forgetRow(db, Number(stored.id));
}

/** A document that is gone, by the name in its content key. */
export async function forgetDocumentByName(db: Kysely<DB>, kind: SearchKind, name: string): Promise<void> {
  const stored = await db.selectFrom('search_documents').select('id').where('kind', '=', kind).where('slug', '=', name).execute();
  for (const row of stored) await forgetRow(db, Number(row.id));
}

async function forgetRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('search_documents').where('id', '=', id).execute();
}

/**
 * New documents, many a statement. SQLite: the rows with the ids given (`firstId` on), then
 * their tokens; PostgreSQL: rows and tsvectors in one `insert … select from unnest(…)`.
 */
export async function insertDocuments(db: Kysely<DB>, docs: readonly SearchDocument[], firstId?: number): Promise<void> {
  if (docs.length === 0) return;
  if (engineOf(db) === 'postgres') return insertPostgres(db, docs);
  let id = firstId ?? (await nextSqliteId(db));
  // A few rows a statement: SQLite takes at most 32,766 parameters, and texts can be long.
  for (let i = 0; i < docs.length; i += 25) {
    const rows = docs.slice(i, i + 25).map((doc) => ({ doc, id: id++ }));
    await sql`insert into search_documents (id, kind, ref_id, owner_id, slug, sort_at, version, body_text) values ${sql.join(
      rows.map(
        ({ doc, id: rowId }) => sql`(${rowId}, ${doc.kind}, ${doc.ref_id}, ${doc.owner_id}, ${doc.slug}, ${doc.sort_at}, ${doc.version}, ${doc.body_text})`,
      ),
    )}`.execute(db);
    await sql`insert into search_fts (rowid, title, body, author, tags) values ${sql.join(
      rows.map(
        ({ doc, id: rowId }) =>
          sql`(${rowId}, ${doc.tokens.title.join(' ')}, ${doc.tokens.body.join(' ')}, ${doc.tokens.author.join(' ')}, ${doc.tokens.tags.join(' ')})`,
      ),
    )}`.execute(db);
  }
}

async function nextSqliteId(db: Kysely<DB>): Promise<number> {
  // AUTOINCREMENT's counter: an id is never used twice, so a stale row of search_fts never meets a new document.
  const { rows } = await sql<{ seq: number | null }>`select max(seq) as seq from sqlite_sequence where name = 'search_documents'`.execute(db);
  const max = await db
    .selectFrom('search_documents')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Math.max(Number(rows[0]?.seq ?? 0), Number(max?.id ?? 0)) + 1;
}

async function insertPostgres(db: Kysely<DB>, docs: readonly SearchDocument[]): Promise<void> {
  const column = <T>(pick: (doc: SearchDocument) => T) => docs.map(pick);
  await sql`insert into search_documents (kind, ref_id, owner_id, slug, sort_at, version, body_text, search_vector, title_vector)
    select kind, ref_id, owner_id, slug, sort_at, version, body_text, vector::tsvector, title::tsvector
    from unnest(${column((d) => d.kind)}::text[], ${column((d) => d.ref_id)}::int[], ${column((d) => d.owner_id)}::int[],
      ${column((d) => d.slug)}::text[], ${column((d) => d.sort_at)}::bigint[], ${column((d) => d.version)}::text[],
      ${column((d) => d.body_text)}::text[], ${column((d) => tsvectorLiteral(d.tokens))}::text[],
      ${column((d) => tsvectorLiteral({ ...d.tokens, body: [] }))}::text[])
      as t(kind, ref_id, owner_id, slug, sort_at, version, body_text, vector, title)`.execute(db);
}
