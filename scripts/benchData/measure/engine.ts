import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { UserDirectory } from '../../../server/accounts/users';
import { openDatabase } from '../../../server/db/connection';
import type { EngineName, Options } from '../options';
import { demoCast, largeCast, type Cast } from './cast';
import { measureDatabase, type DatabaseResult } from './database';
import { startServer } from './server';

export interface EngineResult {
  engine: EngineName;
  demo: DatabaseResult;
  large: DatabaseResult;
}

/** Where a database lives, as the server's environment and as `openDatabase` takes it. */
interface Place {
  env: Record<string, string>;
  where: { dataDir: string; databaseUrl?: string };
}

/**
 * The demo database (a fresh one, seeded by the server's first start, as `npm run bench` makes it) and
 * the large one, measured the same way one after the other on the same engine.
 */
export async function measureEngine(engine: EngineName, options: Options, log: (line: string) => void): Promise<EngineResult> {
  const measure = { ...options, budgetSeconds: options.rowBudgetSeconds };
  const demo = await demoPlace(engine, options);
  try {
    // The first start seeds the demo; the measured start is the second, as a deployed server's.
    await (await startServer(demo.env)).stop();
    const demoRoles = await demoCast(demo.where);
    await unlimitedQuota(demo.where, demoRoles);
    const demoResult = await measureDatabase(`${engine} demo`, demo.env, demoRoles, measure, log);

    const large: Place =
      engine === 'sqlite'
        ? { env: { DATA_DIR: options.dataDir, SEED: 'none' }, where: { dataDir: options.dataDir } }
        : {
            env: { DATABASE_URL: options.pgUrl, DATA_DIR: pgDataDir(options), SEED: 'none' },
            where: { dataDir: pgDataDir(options), databaseUrl: options.pgUrl },
          };
    const largeRoles = await largeCast(large.where);
    const largeResult = await measureDatabase(`${engine} large`, large.env, largeRoles, measure, log);
    return { engine, demo: demoResult, large: largeResult };
  } finally {
    fs.rmSync(demo.where.dataDir, { recursive: true, force: true });
  }
}

function pgDataDir(options: Options): string {
  return path.join(path.dirname(options.dataDir), 'pg-data');
}

/** A fresh demo database: a temporary DATA_DIR (SQLite), or `<database>_demo` made anew beside the large one. */
async function demoPlace(engine: EngineName, options: Options): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-data-demo-'));
  if (engine === 'sqlite') return { env: { DATA_DIR: dataDir, SEED: 'demo' }, where: { dataDir } };
  const url = new URL(options.pgUrl);
  const name = `${url.pathname.replace(/^\//, '')}_demo`;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'demo' }, where: { dataDir, databaseUrl } };
}

/** The demo's hot article is read thousands of times: its author gets an unlimited page-view quota (as `npm run bench` does). */
async function unlimitedQuota(where: Place['where'], cast: Cast): Promise<void> {
  const database = openDatabase(where.databaseUrl ? { dataDir: where.dataDir, databaseUrl: where.databaseUrl } : { dataDir: where.dataDir });
  try {
    const author = await database.db
      .selectFrom('articles')
      .innerJoin('users', 'users.id', 'articles.author_id')
      .select('users.email')
      .where('articles.slug', '=', cast.hotSlug)
      .executeTakeFirstOrThrow();
    await new UserDirectory(database.db, Date.now).setMembership(author.email, 'enterprise', Date.now() + 24 * 3600_000);
  } finally {
    await database.close();
  }
}
