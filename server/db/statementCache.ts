import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query shape the product sends; `in (…)` lists of other lengths come and go. */
const MAX_STATEMENTS = 500;

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by their SQL (least recently
 * used out first). Kysely prepares every query again, which cost 7 % of a signed-in page's CPU;
 * SQLite re-prepares a kept statement by itself when the schema changes. Kysely
 * never streams here, so no kept statement is ever busy when it is asked for again.
 */
export function withStatementCache(connection: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = connection.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > max) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
