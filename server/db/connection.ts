import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { withStatementCache } from './statementCache';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Engine } from './engine';
import { pgListener, type PgListener } from './pgListener';
import { migrations } from './migrations';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The PostgreSQL schema it works in, when not the default. */
  schema?: string;
  /** PostgreSQL only: LISTEN over one dedicated connection, opened on first use, closed with the database. */
  listener?: PgListener;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** PostgreSQL's pool: connections open, idle, and callers waiting for one (SQLite has none). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://...` selects PostgreSQL; without it SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file path override; `:memory:` for tests. */
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests give each worker its own). */
  pgSchema?: string;
  /** PostgreSQL connections at most. */
  poolSize?: number;
}

const INT8_OID = 20;

/** Opens the database of the configuration: SQLite by default, PostgreSQL with a URL. */
export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.pgSchema, options.poolSize) : openSqlite(options);
}

/** Applies pending migrations in one transaction (both engines have transactional DDL). */
export async function migrate(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations(database.engine)) },
    // Kysely looks for its own tables across every schema unless told which one.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

function openSqlite(options: DatabaseOptions): Database {
  const file = options.sqlitePath ?? path.join(options.dataDir, 'zine.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  // `npm run admin` may write beside the running server.
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
  return {
    db,
    engine: 'sqlite',
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, givenSchema?: string, poolSize = 10): Database {
  // Loaded only for PostgreSQL: a SQLite process never holds the driver (memory).
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(givenSchema ? { options: `-c search_path=${givenSchema}` } : {}),
    // int8 (counts, epoch milliseconds) as numbers, as SQLite returns them.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listener = pgListener(() => new pg.Client({ connectionString: url }));
  // A schema named in the URL counts too: else the migrator finds another schema's tables and the channel is shared.
  const schema = givenSchema ?? schemaInUrl(url);
  return {
    db,
    engine: 'postgres',
    schema,
    listener,
    ping: () => ping(db),
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}

/** The first schema of a `?options=-c search_path=…` in a PostgreSQL URL. */
export function schemaInUrl(url: string): string | undefined {
  let options: string | null;
  try {
    options = new URL(url).searchParams.get('options');
  } catch {
    return undefined;
  }
  const match = /(?:^|\s)-c\s*search_path\s*=\s*"?([^",\s]+)/.exec(options ?? '');
  return match?.[1];
}

async function ping(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
