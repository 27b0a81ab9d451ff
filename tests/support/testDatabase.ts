import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
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
    const { url, schema } = await createTestSchema();
    database = openDatabase({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: options.poolSize ?? 3 });
  } else {
    database = openDatabase({ dataDir: '', sqlitePath: ':memory:' });
  }
  await migrate(database);
  open.push(database);
  return database;
}

export const TEST_SCHEMA_PREFIX = 'zine_test_';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's part of its schemas' names: the second it started and a random tag (tests/support/pgGlobalSetup.ts). */
    pgRunId: string;
  }
}

/**
 * An empty schema of this run on the PostgreSQL of `TEST_DATABASE_URL`, which the global teardown
 * drops. Its name carries the run's id as the global setup provided it: another run on the same
 * database (a second checkout) never drops it, whenever it started.
 */
export async function createTestSchema(): Promise<{ url: string; schema: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const schema = `${TEST_SCHEMA_PREFIX}${inject('pgRunId')}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return { url, schema };
}

/** Closes every database this test file opened (run by tests/support/setup.ts). */
export async function closeTestDatabases(): Promise<void> {
  await Promise.all(open.splice(0).map((d) => d.close()));
}
