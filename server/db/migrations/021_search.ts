import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Search of public content (docs/decisions/038): one row per searchable article, column or
 * booklet, holding its words already cut and folded by server/search/text.ts (single
 * spaces between words) and the plain text its snippets come from.
 *
 * - SQLite: an FTS5 table over the words (external content: the rows stay in
 *   `search_documents`; triggers keep the full-text index in step), unicode61 tokenizer, which
 *   finds nothing left to cut in words already cut (letters, digits and marks are all word
 *   characters, as in server/search/text.ts), with prefix indexes for 1- and 2-character
 *   prefixes (a Chinese query typed so far).
 * - PostgreSQL: tsvectors of the words taken as they are (`array_to_tsvector`: no parser, no
 *   dictionary), one for the whole document behind a GIN index and one for the title (title
 *   matches rank first).
 *
 * The index is filled by server/search/indexer.ts, at start when it is empty.
 */
export function search(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('search_documents'), engine)
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull())
        .addColumn('sort_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'varchar(64)', (c) => c.notNull())
        // The long texts last: ranking reads the columns above, and SQLite then never reads a row's overflow pages.
        .addColumn('title_words', 'text', (c) => c.notNull())
        .addColumn('body_words', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addUniqueConstraint('search_documents_ref', ['ref_id', 'kind'])
        .execute();
      // Slug first: an index that began with the kind would tempt SQLite away from the full-text match when a query names one.
      await db.schema.createIndex('search_documents_slug').on('search_documents').columns(['slug', 'kind']).execute();

      if (engine === 'sqlite') {
        // Ranking reads these columns of every match: from this index, without visiting the long rows.
        await db.schema.createIndex('search_documents_rank').on('search_documents').columns(['id', 'kind', 'owner_id', 'sort_at', 'ref_id']).execute();
        await sql`create virtual table search_fts using fts5(
          title, body,
          content = 'search_documents', content_rowid = 'id',
          tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'", prefix = '1 2'
        )`.execute(db);
        await sql`create trigger search_documents_insert after insert on search_documents begin
          insert into search_fts (rowid, title, body) values (new.id, new.title_words, new.body_words);
        end`.execute(db);
        await sql`create trigger search_documents_delete after delete on search_documents begin
          insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title_words, old.body_words);
        end`.execute(db);
        await sql`create trigger search_documents_update after update of title_words, body_words on search_documents begin
          insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title_words, old.body_words);
          insert into search_fts (rowid, title, body) values (new.id, new.title_words, new.body_words);
        end`.execute(db);
      } else {
        await sql`alter table search_documents
          add column search_vector tsvector generated always as
            (array_to_tsvector(array_remove(string_to_array(title_words || ' ' || body_words, ' '), ''))) stored,
          add column title_vector tsvector generated always as
            (array_to_tsvector(array_remove(string_to_array(title_words, ' '), ''))) stored`.execute(db);
        await sql`create index search_documents_vector on search_documents using gin (search_vector)`.execute(db);
        // Rows short enough to scan: the long texts go out of line (uncompressed, first) past 1 kB, the
        // vectors stay in the row. A common word matching a third of 8,700 documents: 80 ms with the
        // vectors toasted, 25 ms with everything in the row, 8 ms so (docs/decisions/038).
        await sql`alter table search_documents
          alter column title_words set storage external,
          alter column body_words set storage external,
          alter column body_text set storage external,
          alter column search_vector set storage main,
          alter column title_vector set storage main,
          set (toast_tuple_target = 1024)`.execute(db);
      }
    },
  };
}
