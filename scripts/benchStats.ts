// `npm run bench:stats [-- --pg] [--articles N] [--views N]`: the author's numbers (docs/decisions/074)
// for an author with 300,000 articles and 10 million views, on a fresh SQLite file in the temp folder,
// and with `--pg` (or DATABASE_URL set) in a fresh schema of that PostgreSQL (TEST_DATABASE_URL, else the
// local one). Only the stats rows are loaded in bulk, not a whole site: the author's articles, their
// hourly `article_stats` rows (four hours each over the year), the author's own `author_stats` row for
// every hour of the past 365 days (the 10 million views spread over them), and 50 other authors' years
// beside them. Then the stats reads the page makes, timed (p50 and max of 20 runs) over 7, 30 and 365
// days in Asia/Shanghai, the API's answer and the whole server-rendered page through the app (React's
// production build: the npm script sets NODE_ENV=production, as `npm start` does), with each engine's
// plan of the year's query.
// A benchmark, not a test: it is not part of `npm test`, and its times depend on the machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { STATS_RANGES } from '../shared/authorStats';
import { openSession } from '../server/accounts/accounts';
import { SESSION_COOKIE } from '../server/api/cookies';
import { loadConfig } from '../server/config';
import { migrate, openDatabase, type Database } from '../server/db/connection';
import type { DB } from '../server/db/schema';
import { hourRange, localDays } from '../server/stats/localDays';
import { articleStatsReport, authorStatsReport } from '../server/stats/statsReport';
import { HOUR_MS } from '../server/stats/statsTriggers';
import { benchApp } from './benchApp';
import { userRow } from '../tests/support/userRow';

const { values: flags } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    articles: { type: 'string', default: '300000' },
    views: { type: 'string', default: '10000000' },
  },
});
const ARTICLES = Number(flags.articles);
const VIEWS = Number(flags.views);
const OTHER_AUTHORS = 50;
const HOURS = 365 * 24;
const RUNS = 20;
const ZONE = 'Asia/Shanghai';
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const now = Date.now();
const lastHour = Math.floor(now / HOUR_MS);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The author and the others, with no triggers to run: rows of `users` only. */
async function insertAuthors(db: Kysely<DB>): Promise<number> {
  const rows = Array.from({ length: OTHER_AUTHORS + 1 }, (_, i) => userRow({ email: `author${i}@bench.test`, username: `bench_author_${i}`, created_at: now }));
  const ids = await db.insertInto('users').values(rows).returning('id').execute();
  return Number(ids[0]?.id);
}

/** The bulk load, in SQL on the engine itself: `series(n)` is a table of 0..n-1 in the engine's syntax. */
async function load(database: Database): Promise<number> {
  const { db, engine } = database;
  const series = (n: number) =>
    engine === 'sqlite'
      ? sql.raw(`(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) select i from s)`)
      : sql.raw(`(select generate_series(0, ${n - 1}) as i)`);
  const authorId = await insertAuthors(db);
  log(`${engine}: ${ARTICLES.toLocaleString('en')} articles`);
  await sql`insert into articles (slug, author_id, title, description, cover_url, content, theme, style, word_count, language,
        client_modify_date, visibility, moderation, trashed, created_at, modified_at)
      select 'bench-' || i, ${authorId}, 'Article ' || i, '', '', '<p>x</p>', 'default', '', 1, 'en', ${now}, 'public', 'none', 0, ${now}, ${now}
      from ${series(ARTICLES)} s`.execute(db);
  const first = await db
    .selectFrom('articles')
    .select(sql<number>`min(id)`.as('id'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow();
  const firstId = Number(first.id);
  // Four hours a year each, spread over the year: 1.2 million rows for 300,000 articles.
  const perRow = Math.max(1, Math.floor(VIEWS / (ARTICLES * 4)));
  log(`${engine}: article_stats, ${(ARTICLES * 4).toLocaleString('en')} rows`);
  await sql`insert into article_stats (article_id, hour, views, reads, likes)
      select a.id, ${lastHour} - ((cast(a.id as bigint) * 7919 + k.i * 2190) % ${HOURS}), ${perRow}, ${Math.floor(perRow / 3)}, (a.id + k.i) % 2
      from articles a cross join ${series(4)} k where a.author_id = ${authorId}`.execute(db);
  // The author's total for every hour of the year, and the others' years beside it.
  const perHour = Math.floor(VIEWS / HOURS);
  log(`${engine}: author_stats, ${((OTHER_AUTHORS + 1) * HOURS).toLocaleString('en')} rows`);
  await sql`insert into author_stats (author_id, hour, views, reads, likes, favorites, comments, followers, income_cents)
      select u.id, ${lastHour} - h.i, ${perHour} + (h.i % 7), ${Math.floor(perHour / 3)}, h.i % 40, h.i % 9, h.i % 13, h.i % 3, (h.i % 5) * 100
      from users u cross join ${series(HOURS)} h where u.email like 'author%@bench.test'`.execute(db);
  const total = await db
    .selectFrom('author_stats')
    .select(sql<string>`sum(views)`.as('views'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow();
  log(`${engine}: the author's views over the year: ${Number(total.views).toLocaleString('en')}; first article ${firstId}`);
  await sql`analyze`.execute(db);
  return authorId;
}

async function plan(database: Database, authorId: number): Promise<string> {
  const { from, to } = hourRange(localDays(now, ZONE, 365));
  // The query server/stats/statsReport.ts makes for a zone of one offset: the database adds the hours into days.
  const query = sql`select cast((hour - ${from}) / 24 as integer) as day_index, sum(views) as views, sum(reads) as reads, sum(likes) as likes,
      sum(favorites) as favorites, sum(comments) as comments, sum(followers) as followers, sum(newsletter_sends) as newsletter_sends,
      sum(income_cents) as income_cents
      from author_stats where author_id = ${authorId} and hour >= ${from} and hour < ${to} group by 1`;
  if (database.engine === 'sqlite') {
    const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(database.db);
    return rows.rows.map((row) => row.detail).join('\n');
  }
  const rows = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(database.db);
  return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function measure(database: Database, authorId: number): Promise<void> {
  const { db, engine } = database;
  const article = await db.selectFrom('articles').select('id').where('author_id', '=', authorId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  for (const days of STATS_RANGES) {
    for (const [what, read] of [
      ['author', () => authorStatsReport(db, authorId, { days, timeZone: ZONE, now })],
      ['article', () => articleStatsReport(db, authorId, Number(article.id), { days, timeZone: ZONE, now })],
    ] as const) {
      await read();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timed(read));
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(RUNS / 2)] ?? 0;
      const max = times.at(-1) ?? 0;
      console.log(`${engine.padEnd(8)} ${what.padEnd(8)} ${String(days).padStart(3)} days: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    }
  }
  await measureHttp(database, authorId);
  const year = await authorStatsReport(db, authorId, { days: 365, timeZone: ZONE, now });
  console.log(`${engine}: the year's page: ${year.daily.length} days, ${year.totals.views.toLocaleString('en')} views`);
  console.log(`${engine}: plan of the year's query:\n${await plan(database, authorId)}`);
}

/** The same through the built app, signed in as the author: the API's answer and the whole server-rendered page. */
async function measureHttp(database: Database, authorId: number): Promise<void> {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-stats-out-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: outboxDir });
  const app = benchApp(database, config, { outboxDir, mediaOrigin: 'http://localhost' });
  const session = await openSession({ db: database.db, now: () => Date.now() }, authorId);
  for (const [what, url] of [
    ['GET /api/editor/stats/ (365 days)', `/api/editor/stats/?days=365&tz=${encodeURIComponent(ZONE)}`],
    ['page /editor/stats/ (30 days)', '/editor/stats/?days=30'],
    ['page /editor/stats/ (365 days)', '/editor/stats/?days=365'],
  ] as const) {
    const get = () => request(app).get(url).set('Cookie', `${SESSION_COOKIE}=${session}`).set('Accept-Language', 'zh-CN');
    const first = await get();
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(get));
    times.sort((a, b) => a - b);
    console.log(
      `${database.engine.padEnd(8)} ${what}: p50 ${(times[Math.floor(RUNS / 2)] ?? 0).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms, ${first.text.length.toLocaleString('en')} bytes`,
    );
  }
  fs.rmSync(outboxDir, { recursive: true, force: true });
}

/** A fresh database's schema, the bulk load, then the measures. */
async function loadAndMeasure(database: Database): Promise<void> {
  await migrate(database);
  const authorId = await load(database);
  await measure(database, authorId);
}

async function benchSqlite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-stats-'));
  const database = openDatabase({ dataDir });
  try {
    await loadAndMeasure(database);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<void> {
  const schema = `bench_stats_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const database = openDatabase({ databaseUrl: PG_URL, dataDir: '', pgSchema: schema, poolSize: 4 });
  try {
    await loadAndMeasure(database);
  } finally {
    await database.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

await benchSqlite();
if (flags.pg || process.env.DATABASE_URL) await benchPostgres();
