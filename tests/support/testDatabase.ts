import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '../../server/db/connection';

const open: Database[] = [];

/** Which engine this run of the suite uses: SQLite, or PostgreSQL in the `http-pg` project. */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database: SQLite in memory, or a schema of its own on the
 * PostgreSQL of `TEST_DATABASE_URL` (dropped again at the end of the run), with 3 connections
 * unless a test holding transactions open needs more.
 */
export async function testDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  let database: Database;
  if (testEngine() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    const runStartedAt = process.env.TEST_RUN_STARTED_AT ?? String(Math.floor(Date.now() / 1000));
    const schema = `${TEST_SCHEMA_PREFIX}${runStartedAt}_${process.pid}_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    database = openDatabase({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: options.poolSize ?? 3 });
  } else {
    database = openDatabase({ dataDir: '', sqlitePath: ':memory:' });
  }
  await migrate(database);
  open.push(database);
  return database;
}

export const TEST_SCHEMA_PREFIX = 'zine_test_';

/** Closes every database this test file opened (run by tests/support/setup.ts). */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all(open.splice(0).map((d) => d.close()));
}
