import pg from 'pg';
import { TEST_SCHEMA_PREFIX } from './testDatabase';

/** Drops the schemas the PostgreSQL run leaves behind, before and after it. */
async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like $1`, [`${TEST_SCHEMA_PREFIX}%`]);
  for (const { nspname } of rows) await client.query(`drop schema "${nspname}" cascade`);
  await client.end();
}

export async function setup(): Promise<void> {
  await dropTestSchemas();
}

export async function teardown(): Promise<void> {
  await dropTestSchemas();
}
