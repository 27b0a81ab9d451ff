import pg from 'pg';
import { TEST_SCHEMA_PREFIX } from './testDatabase';

/** A run's schemas are named after the second it started (tests/support/testDatabase.ts); older than this, a crashed run's. */
const STALE_AFTER_SECONDS = 6 * 3600;

/**
 * Drops the schemas a PostgreSQL run leaves behind: at the start those of runs long over (a
 * crash), at the end this run's own. Another run on the same database meanwhile (a second
 * checkout, a helper) keeps its schemas.
 */
async function dropTestSchemas(which: (startedAt: number) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like $1`, [`${TEST_SCHEMA_PREFIX}%`]);
  for (const { nspname } of rows) {
    const startedAt = Number(/^zine_test_(\d+)_/.exec(nspname)?.[1] ?? 0);
    if (which(startedAt)) await client.query(`drop schema "${nspname}" cascade`);
  }
  await client.end();
}

const runStartedAt = Math.floor(Date.now() / 1000);

export async function setup(): Promise<void> {
  // The workers name their schemas after this run (they inherit the environment).
  process.env.TEST_RUN_STARTED_AT = String(runStartedAt);
  await dropTestSchemas((startedAt) => startedAt < runStartedAt - STALE_AFTER_SECONDS);
}

export async function teardown(): Promise<void> {
  await dropTestSchemas((startedAt) => startedAt === runStartedAt);
}
