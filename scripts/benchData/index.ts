// `npm run bench:data [-- flags]`: the large-data benchmark. A benchmark, not a test: it is not part of
// `npm test`, and its times depend on the machine.
//
// 1. Builds, or reuses, a large database in the product's schema (made by the product's own
//    migrations) on SQLite (`data/bench-data/sqlite/zine.db`; BENCH_DATA_DIR moves it) and on
//    PostgreSQL (BENCH_DATA_PG_URL, default postgres://postgres@127.0.0.1:5432/zine_bench, created
//    when missing): 100,000 readers (and the 100,010 accounts that only follow `famous`), 300,000
//    public articles of 2–10 kB in English and Chinese by 5,000 authors (`bigauthor` exactly 5,000),
//    3,000,000 comments (three articles with 50,000–60,000), 5,000,000 likes, 1,000,000 favourites,
//    1,000,000 follows (`famous` 200,000), 2,000,000 notifications (`heavyreader` 500,000), 2,000
//    booklets, 500,000 orders with their ledger rows (`richreader` thousands), withdrawals. One
//    deterministic generator writes the same rows to both engines in one pass (SQLite: one connection,
//    journal off, prepared statements; PostgreSQL: COPY through psql), secondary indexes and the
//    counter triggers off during the load; then indexes, `recountAll`, triggers, the product's
//    `rebuildSearchIndex` (timed) and, on PostgreSQL, VACUUM ANALYZE. A `bench_data_meta` table marks
//    a complete database with the generator's version and scale: a matching one is reused.
// 2. Starts the built server (`dist/server/index.js`) on a fresh demo database and on the large one,
//    per engine: time to the first answer, then per request 20 warm-up and N sequential requests
//    (p50/p95), then 50 connections on the signed-in home and hot-article pages (autocannon).
// 3. Prints a table per engine (demo beside large, targets, pass/fail) and writes it as JSON to
//    `data/bench-data/results-<engine>-<date>.json`.
//
// Flags: --engine sqlite|pg|both (default both); --scale 0.05 (or BENCH_DATA_SCALE; every count
// scaled, the named accounts keep their roles); --rebuild (build even when a matching database is
// there); --skip-search-index (no index at build: faster while developing; the server then builds it
// at its first start, which shows in the start-up time); --build-only; --requests N (default 100);
// --warmup N (default 20); --row-budget S (default 20, BENCH_DATA_ROW_SECONDS: a row's sequential
// requests stop after S seconds, with at least 5 samples). BENCH_SECONDS (default 8) and
// BENCH_CONNECTIONS (default 50) set the concurrent runs. Run `node esbuild.config.mjs` first (the npm script does).
import { buildDatabases } from './build';
import { measureEngine } from './measure/engine';
import { parseOptions } from './options';
import { printTable, reportRows, writeResults } from './report';

const options = parseOptions(process.argv.slice(2));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const built = await buildDatabases(options, log);
for (const database of built) {
  for (const phase of database.phases) log(`  ${database.engine} build: ${phase.name}: ${phase.seconds.toFixed(1)} s`);
}
if (!options.buildOnly) {
  for (const engine of options.engines) {
    const result = await measureEngine(engine, options, log);
    const database = built.find((b) => b.engine === engine);
    const rows = reportRows(result, database);
    printTable(engine, rows, database);
    log(`results: ${writeResults(options, result, database, rows)}`);
  }
}
