import { sql, type Kysely } from 'kysely';
import { engineOf, type Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { articleDocument, articleRows, bookletDocument, bookletRows, columnDocument, columnRows, type SearchDocument } from './documents';
import { paidChapterIds } from './paidChapters';
import { recordFormat } from './format';
import { insertDocuments } from './store';

/**
 * Builds the whole search index anew in one transaction (docs/decisions/055): every readable
 * article, every booklet out of the trash, every active user's column. In bulk: the content is
 * read by keyset in batches, and each batch's documents are written in a few multi-row
 * statements while the next batch is read and cut (PostgreSQL works beside this process). On
 * PostgreSQL the GIN index is dropped for the load and built once after it; at the end every
 * table a query reads is analysed, so the planner never meets a freshly loaded table without
 * statistics. Answers how many documents it holds.
 */

const BATCH = 500;
/** SQLite's page cache while it rebuilds, in KiB (the connection's own is restored after). */
const REBUILD_CACHE_KB = 512 * 1024;
/** Bytes of tokens FTS5 keeps in memory before writing a segment (kept in search_fts_config; a single change never comes near it). */
const FTS_HASH_SIZE = 64 * 1024 * 1024;

export async function rebuildSearchIndex(db: Kysely<DB>): Promise<number> {
  if (engineOf(db) === 'postgres') return rebuild(db);
  // FTS5 merges its segments while it loads, reading them back; with SQLite's 2 MB page cache
  // every such read went to the file (1.7 GB read for a 92 MB database of 10,000 articles).
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  await sql`pragma cache_size = ${sql.raw(String(-REBUILD_CACHE_KB))}`.execute(db);
  try {
    return await rebuild(db);
  } finally {
    await sql`pragma cache_size = ${sql.raw(String(Number(rows[0]?.cache_size ?? -2000)))}`.execute(db);
  }
}

function rebuild(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const engine = engineOf(trx);
    await clear(trx, engine);
    const paid = await paidChapterIds(trx);
    const load = new Loader(trx);
    await load.all(
      (after) =>
        articleRows(trx)
          .where('articles.id', '>', after)
          .where('articles.visibility', '=', 'public')
          .where('articles.trashed', '=', 0)
          .where('articles.moderation', '=', 'none')
          .orderBy('articles.id')
          .limit(BATCH)
          .execute(),
      (row) => articleDocument(row, paid.has(row.id)),
    );
    await load.all(
      (after) => bookletRows(trx).where('booklets.id', '>', after).where('booklets.trashed', '=', 0).orderBy('booklets.id').limit(BATCH).execute(),
      bookletDocument,
    );
    await load.all((after) => columnRows(trx).where('id', '>', after).where('status', '=', 'active').orderBy('id').limit(BATCH).execute(), columnDocument);
    await load.flush();
    await recordFormat(trx);
    await finish(trx, engine);
    return load.count;
  });
}

/** Empties the index; on PostgreSQL the table is locked (two processes starting together build one after the other) and its GIN index dropped for the load. */
async function clear(trx: Kysely<DB>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`lock table search_documents in exclusive mode`.execute(trx);
    await sql`truncate search_documents`.execute(trx);
    await sql`drop index if exists search_documents_vector`.execute(trx);
    await sql`drop index if exists search_documents_title_vector`.execute(trx);
    return;
  }
  await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(trx);
  // FTS5 writes its pending tokens out as a new segment whenever they pass `hashsize` (1 MB by
  // default), then merges the segments again and again; 64 MB makes a bulk load far fewer of them.
  await sql`insert into search_fts (search_fts, rank) values ('hashsize', ${sql.raw(String(FTS_HASH_SIZE))})`.execute(trx);
  await trx.deleteFrom('search_documents').execute();
}

/** The GIN indexes built once over the loaded rows (as migration 030 makes them), then statistics for every table a query reads. */
async function finish(trx: Kysely<DB>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
    await sql`create index search_documents_vector on search_documents using gin (search_vector)`.execute(trx);
    await sql`create index search_documents_title_vector on search_documents using gin (title_vector)`.execute(trx);
  }
  for (const table of ['search_documents', 'users', 'articles', 'booklets', 'booklet_items']) await sql`analyze ${sql.table(table)}`.execute(trx);
}

/**
 * Reads rows by keyset and writes their documents, a batch behind: the next batch is read
 * before the last one's insert is sent, and cut while PostgreSQL writes it.
 */
class Loader {
  count = 0;
  private nextId = 1;
  private pending: SearchDocument[] = [];

  constructor(private readonly trx: Kysely<DB>) {}

  async all<Row extends { id: number }>(read: (after: number) => Promise<Row[]>, build: (row: Row) => SearchDocument): Promise<void> {
    for (let after = 0; ;) {
      const rows = await read(after);
      const writing = this.flush();
      if (rows.length === 0) return writing;
      this.pending = rows.map(build);
      after = rows[rows.length - 1]?.id ?? after;
      await writing;
    }
  }

  flush(): Promise<void> {
    const docs = this.pending;
    this.pending = [];
    this.count += docs.length;
    const firstId = this.nextId;
    this.nextId += docs.length;
    return insertDocuments(this.trx, docs, firstId);
  }
}
