import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_SCHEMA_PREFIX } from './testDatabase';

/** The second a schema's run started, from its name (0 for a name of another form: dropped as stale). */
const startedAt = (schema: string) => Number(/^zine_test_(\d+)_/.exec(schema)?.[1] ?? 0);

/** A run's schemas are named after the second it started (tests/support/testDatabase.ts); older than this, a crashed run's. */
const STALE_AFTER_SECONDS = 6 * 3600;

/**
 * Drops the schemas a PostgreSQL run leaves behind: at the start those of runs long over (a
 * crash), at the end this run's own. Another run on the same database meanwhile (a second
 * checkout, a helper) keeps its schemas.
 */
async function dropTestSchemas(which: (schema: string) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like $1`, [`${TEST_SCHEMA_PREFIX}%`]);
  for (const { nspname } of rows) {
    if (which(nspname)) await client.query(`drop schema "${nspname}" cascade`);
  }
  await client.end();
}

const runStartedAt = Math.floor(Date.now() / 1000);
/** Two runs may start within one second: the tag tells them apart. */
const runId = `${runStartedAt}_${randomBytes(3).toString('hex')}`;

export async function setup(project: TestProject): Promise<void> {
  // The workers name their schemas after this run (tests/support/testDatabase.ts).
  project.provide('pgRunId', runId);
  await dropTestSchemas((name) => startedAt(name) < runStartedAt - STALE_AFTER_SECONDS);
}

export async function teardown(): Promise<void> {
  await dropTestSchemas((name) => name.startsWith(`${TEST_SCHEMA_PREFIX}${runId}_`));
}
