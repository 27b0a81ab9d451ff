import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { migrate, openDatabase, type Database } from '../../server/db/connection';
import { testDatabase, testEngine } from './testDatabase';

const extra: Database[] = [];
afterAll(async () => {
  await Promise.all(extra.splice(0).map((d) => d.close()));
});

/** Two connections to one fresh database, as two app processes have: a PostgreSQL schema or a SQLite file. */
export async function sharedDatabase(): Promise<[Database, Database]> {
  if (testEngine() === 'postgres') {
    const first = await testDatabase();
    const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', pgSchema: first.schema, poolSize: 3 });
    extra.push(second);
    return [first, second];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-shared-'));
  const first = openDatabase({ dataDir: dir });
  await migrate(first);
  const second = openDatabase({ dataDir: dir });
  extra.push(first, second);
  return [first, second];
}
