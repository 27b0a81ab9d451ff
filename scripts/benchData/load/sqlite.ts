import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../../../server/db/connection';
import type { Cell, Sink } from '../sink';
import { markerFromRows, writeMarker, type Marker } from '../meta';
import { restoreCounters, type CounterHooks } from '../counters';
import type { Phases } from '../timing';
import { rebuildIndex } from './searchIndex';

/** Rows per transaction: with the journal off a transaction costs little, but one of millions holds too many dirty pages. */
const ROWS_PER_TRANSACTION = 250_000;

export interface SqliteTarget {
  dataDir: string;
  file: string;
}

export function sqliteTarget(dataDir: string): SqliteTarget {
  return { dataDir, file: path.join(dataDir, 'zine.db') };
}

/** The marker of a complete database at this place, if any. */
export function sqliteMarker(target: SqliteTarget): Marker | null {
  if (!fs.existsSync(target.file)) return null;
  const connection = new SQLite(target.file, { readonly: true, fileMustExist: true });
  try {
    return markerFromRows(connection.prepare('select key, value from bench_data_meta').all());
  } catch {
    return null;
  } finally {
    connection.close();
  }
}

/** A SQLite file being loaded: the sink to write to and what to do once every row is in. */
export interface SqliteLoad {
  sink: Sink;
  complete(phases: Phases, options: { counters: CounterHooks | null; searchIndex: boolean; marker: Marker }): Promise<void>;
}

/**
 * Starts a load into a new file: the product's migrations (through the product's own `migrate`), then
 * one connection with the journal and syncs off and the secondary indexes dropped (made again, whole,
 * after the load: far faster than keeping them up row by row), foreign keys unchecked (the generator
 * writes consistent ids), the counter triggers dropped.
 */
export async function startSqliteLoad(target: SqliteTarget, counters: CounterHooks | null): Promise<SqliteLoad> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${target.file}${suffix}`, { force: true });
  fs.mkdirSync(target.dataDir, { recursive: true });
  const database = openDatabase({ dataDir: target.dataDir, sqlitePath: target.file });
  await migrate(database);
  await database.close();

  const connection = new SQLite(target.file);
  connection.pragma('journal_mode = OFF');
  connection.pragma('synchronous = OFF');
  connection.pragma('foreign_keys = OFF');
  connection.pragma('cache_size = -1000000');
  connection.pragma('temp_store = MEMORY');
  connection.pragma('locking_mode = EXCLUSIVE');
  for (const statement of counters?.drop ?? []) connection.exec(statement);
  const indexes = connection
    .prepare<[], { name: string; sql: string }>(
      "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name not like 'search%' and tbl_name not like 'kysely%'",
    )
    .all();
  for (const index of indexes) connection.exec(`drop index "${index.name}"`);

  let pending = 0;
  connection.exec('begin');
  const sink: Sink = {
    table(name, columns) {
      const statement = connection.prepare(`insert into "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      return {
        row(cells: readonly Cell[]) {
          statement.run(...cells);
          pending++;
        },
      };
    },
    flush: () => {
      if (pending >= ROWS_PER_TRANSACTION) {
        connection.exec('commit');
        connection.exec('begin');
        pending = 0;
      }
      return Promise.resolve();
    },
    finish: () => {
      connection.exec('commit');
      return Promise.resolve();
    },
  };

  return {
    sink,
    async complete(phases, options) {
      await phases.run('sqlite: secondary indexes', () => {
        for (const index of indexes) connection.exec(index.sql);
        return Promise.resolve();
      });
      connection.close();
      const database = openDatabase({ dataDir: target.dataDir, sqlitePath: target.file });
      try {
        // The product opens it in WAL with full syncs: the recount and the search index run as the server would.
        if (options.counters) await restoreCounters(phases, 'sqlite', database.db, options.counters);
        if (options.searchIndex) await rebuildIndex(phases, 'sqlite', database.db);
        await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
        await writeMarker(database.db, options.marker);
      } finally {
        await database.close();
      }
    },
  };
}
