import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Search by substrings, authors and relevance (docs/decisions/055, replacing the word index of
 * migration 021). The index is rebuilt from the content at start (server/search/indexer.ts,
 * `ensureSearchIndex()`), so the old tables are dropped, not converted.
 *
 * `search_documents` keeps one row per searchable article, column or booklet with what ranking
 * and snippets read; the tokens themselves (server/search/tokens.ts: Chinese as overlapping
 * bigrams, other words as they are) live only in the engine's index, with their positions:
 *
 * - SQLite: a contentless FTS5 table `search_fts` (rowid = `search_documents.id`; columns
 *   title, body, author, tags) that deletes by rowid (`contentless_delete`, SQLite 3.43+), so no
 *   copy of the tokens is kept beside it; a row deleted from `search_documents` leaves it by a
 *   trigger. A prefix index of one character answers a query of one Chinese character.
 * - PostgreSQL: tsvectors with positions and weights (server/search/vector.ts) behind GIN indexes:
 *   `search_vector` of the whole document, `title_vector` of its title and author's name (small,
 *   so that finding the title matches never reads the long vectors).
 *
 * `search_meta` holds the format the index was built by (server/search/format.ts), so that a
 * start checks one row rather than every document's version.
 */
export function searchSubstrings(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') {
        for (const trigger of ['search_documents_insert', 'search_documents_delete', 'search_documents_update'])
          await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
        await sql`drop table if exists search_fts`.execute(db);
      }
      await db.schema.dropTable('search_documents').ifExists().execute();
      // The index's format (server/search/format.ts), so that a start checks one row, not every document.
      await db.schema.dropTable('search_meta').ifExists().execute();
      await db.schema
        .createTable('search_meta')
        .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(64)', (c) => c.notNull())
        .execute();

      let table = withIdColumn(db.schema.createTable('search_documents'), engine)
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull())
        .addColumn('sort_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'varchar(64)', (c) => c.notNull());
      if (engine === 'postgres')
        table = table.addColumn('search_vector', sql`tsvector`, (c) => c.notNull()).addColumn('title_vector', sql`tsvector`, (c) => c.notNull());
      // The long text last: ranking reads the columns above, and SQLite then never reads a row's overflow pages.
      await table
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addUniqueConstraint('search_documents_ref', ['ref_id', 'kind'])
        .execute();
      await db.schema.createIndex('search_documents_slug').on('search_documents').columns(['slug', 'kind']).execute();
      await db.schema.createIndex('search_documents_owner').on('search_documents').column('owner_id').execute();

      if (engine === 'sqlite') {
        // Ranking reads these columns of every match: from this index, without visiting the long rows.
        await db.schema.createIndex('search_documents_rank').on('search_documents').columns(['id', 'kind', 'owner_id', 'sort_at', 'ref_id']).execute();
        await sql`create virtual table search_fts using fts5(
          title, body, author, tags,
          content = '', contentless_delete = 1,
          tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'", prefix = '1'
        )`.execute(db);
        await sql`create trigger search_documents_delete after delete on search_documents begin
          delete from search_fts where rowid = old.id;
        end`.execute(db);
      } else {
        await sql`create index search_documents_vector on search_documents using gin (search_vector)`.execute(db);
        await sql`create index search_documents_title_vector on search_documents using gin (title_vector)`.execute(db);
        await sql`alter table search_documents alter column body_text set storage external`.execute(db);
      }
    },
  };
}
