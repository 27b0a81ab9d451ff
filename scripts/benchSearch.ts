// `npm run bench:search [-- --pg] [--articles N] [--queries N] [--large] [--trigram]`: how well and how
// fast search answers (docs/decisions/038, 055). Generates N articles (default 10,000) in mixed languages
// (Simplified and Traditional Chinese, English, both in one text), authors' columns (half of them with
// Chinese names, which other articles now and then mention) and booklets (some selling chapters) into a
// fresh SQLite file in the temp folder, and with `--pg` (or DATABASE_URL set) into a fresh schema of
// PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test), dropped afterwards. It builds
// the index with `rebuildSearchIndex()`, starts the app on a free port and asks `GET /api/search/` one
// request at a time, printing per engine: index build time and size, p50/p95/p99/max, and a table of
// recall and precision@10 per kind of query against substring truth (scripts/searchTruth.ts: fold both
// scripts, then substring match), 40 queries a kind. `--large` is the size test: 300,000 articles of
// 2–10 kB by 5,000 authors (truth is skipped: timings only). `--trigram` adds, on SQLite, the same
// queries against an FTS5 trigram table of the raw text, for comparison; `--keep` leaves the databases
// for a closer look (their places are printed). `--data DIR` and `--schema NAME` keep the SQLite corpus in
// DIR and the PostgreSQL one in that schema: written at the first run, measured again at the next (a
// 300,000-article corpus takes 5 to 13 minutes to write); `--skip-sqlite` measures PostgreSQL alone.
// The vocabulary: common words first, then a long tail (3,000 Chinese words from OpenCC's phrase
// list, 3,000 made-up English ones), drawn with Zipf's frequencies as in real text. `--dense` keeps
// the common words alone: every word is then in a fifth of all articles, a stress test.
// A benchmark, not a test: times vary with the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '../server/db/connection';
import type { ArticlesTable } from '../server/db/schema';
import { loadConfig, siteOrigin } from '../server/config';
import { rebuildSearchIndex } from '../server/search/indexer';
import { queryTerms } from '../server/search/query';
import { rankMatches } from '../server/search/rank';
import type { SearchPage, SearchType } from '../shared/search';
import { CHINESE_GLUE, COMMON_CHINESE_WORDS, COMMON_ENGLISH_WORDS, madeUpWords, phraseTail, type ChineseWord } from './benchData/generate/vocabulary';
import { benchApp } from './benchApp';
import { KINDS, queriesOf, readableArticles, truthOf, type Kind } from './searchTruth';
import { userRow } from '../tests/support/userRow';

const { values: flags } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    articles: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    trigram: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    dense: { type: 'boolean', default: false },
    large: { type: 'boolean', default: false },
    data: { type: 'string' },
    schema: { type: 'string' },
    'skip-sqlite': { type: 'boolean', default: false },
  },
});
const ARTICLES = flags.large ? 300_000 : Number(flags.articles);
const QUERIES = Number(flags.queries);
const AUTHORS = flags.large ? 5_000 : 300;
const BOOKLETS = flags.large ? 2_000 : 400;
/** Per kind of query in the recall table. */
const TRUTH_QUERIES = 40;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// A small deterministic random source (mulberry32): every run generates the same corpus and queries.
let seed = 20_260_801;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** Words of a text as in real text (Zipf): the first of a list often, the last rarely. */
const zipf = <T>(list: readonly T[]): T => list[Math.min(list.length - 1, Math.floor(list.length ** random()) - 1)] as T;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The common words, and places' names that Traditional articles and readers write. */
const ZH: readonly ChineseWord[] = [...COMMON_CHINESE_WORDS, ['中国', '中國'], ['台湾', '臺灣'], ['东京', '東京']];
/**
 * The long tail of real text after the common words: 3,000 Chinese words from OpenCC's phrase list
 * and 3,000 made-up English ones. Without it every word would be in a fifth of all articles.
 */
const ZH_WORDS: readonly ChineseWord[] = flags.dense ? ZH : [...ZH, ...phraseTail(3000, 6)];
const EN = COMMON_ENGLISH_WORDS;
const EN_WORDS: readonly string[] = flags.dense ? EN : [...EN, ...madeUpWords({ between, pick }, 3000)];

/** Authors' Chinese names: a surname and one or two given characters, each once. */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢傅钟';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华玉兰红梅琳晨曦云飞鹏辉婷雪慧宁思远浩然子轩雨欣佳怡';
function chineseNames(count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(`${pick([...SURNAMES])}${pick([...GIVEN])}${random() < 0.6 ? pick([...GIVEN]) : ''}`);
  return [...names];
}
const NAMES = chineseNames(Math.ceil(AUTHORS / 2));

function zhSentence(traditional: boolean): string {
  const words: string[] = [];
  // Now and then an author is mentioned by name.
  if (random() < 0.02) words.push(pick(NAMES));
  for (let i = between(4, 12); i > 0; i--) {
    const [simplified, trad] = zipf(ZH_WORDS);
    words.push(traditional && trad ? trad : simplified);
    if (random() < 0.5) words.push(pick(CHINESE_GLUE));
  }
  return `${words.join('')}${pick(['。', '，', '！', '？', '；'])}`;
}

function enSentence(): string {
  const words = Array.from({ length: between(6, 16) }, () => zipf(EN_WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}. `;
}

type Language = 'zh' | 'zh-tw' | 'en' | 'mix';

function articleText(language: Language, sentences: number, minBytes = 0): string {
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; i < sentences || bytes < minBytes; i++) {
    if (language === 'en') parts.push(enSentence());
    else if (language === 'mix') parts.push(random() < 0.5 ? enSentence() : zhSentence(random() < 0.3));
    else parts.push(zhSentence(language === 'zh-tw'));
    if (minBytes > 0) bytes += Buffer.byteLength(parts[parts.length - 1] ?? '');
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < parts.length; i += 4) paragraphs.push(`<p>${parts.slice(i, i + 4).join('')}</p>`);
  return paragraphs.join('');
}

function title(language: Language): string {
  if (language === 'en') return Array.from({ length: between(2, 6) }, () => zipf(EN_WORDS)).join(' ');
  const words = Array.from({ length: between(2, 4) }, () => {
    const [simplified, trad] = zipf(ZH_WORDS);
    return language === 'zh-tw' && trad ? trad : simplified;
  });
  return language === 'mix' ? `${words.join('')} ${zipf(EN_WORDS)}` : words.join('');
}

async function fill(database: Database): Promise<void> {
  const { db } = database;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const users = Array.from({ length: AUTHORS }, (_, i) =>
      userRow(
        { email: `author${i}@bench.local`, username: i % 2 === 0 ? (NAMES[i / 2] ?? `author${i}`) : `author${i}`, created_at: now - i * 60_000 },
        { password_hash: 'x', status: i % 50 === 0 ? 'banned' : 'active', description: i % 2 === 0 ? zhSentence(false) : enSentence() },
      ),
    );
    for (let i = 0; i < users.length; i += 100)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 100))
        .execute();
    const authorIds = (await trx.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);

    const batch: Insertable<ArticlesTable>[] = [];
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto('articles').values(batch.splice(0)).execute();
    };
    for (let i = 0; i < ARTICLES; i++) {
      const roll = random();
      const language: Language = roll < 0.45 ? 'zh' : roll < 0.6 ? 'zh-tw' : roll < 0.9 ? 'en' : 'mix';
      const written = now - between(0, 3 * 365) * 86_400_000;
      batch.push({
        slug: `bench-${i}`,
        author_id: pick(authorIds),
        title: title(language),
        description: random() < 0.5 ? articleText(language, 1).replace(/<\/?p>/g, '') : '',
        cover_url: '',
        content: flags.large ? articleText(language, 0, between(2_000, 10_000)) : articleText(language, between(3, 30)),
        theme: 'default',
        style: '',
        word_count: 0,
        language: language === 'en' ? 'en' : 'zh-CN',
        client_modify_date: written,
        visibility: random() < 0.9 ? 'public' : 'private',
        moderation: random() < 0.98 ? 'none' : 'banned',
        trashed: random() < 0.03 ? 1 : 0,
        created_at: written,
        modified_at: written,
      });
      if (batch.length === 100) await flush();
      if (flags.large && i % 50_000 === 49_999) console.log(`  … ${i + 1} articles written`);
    }
    await flush();

    for (let i = 0; i < BOOKLETS; i++) {
      const language: Language = random() < 0.6 ? 'zh' : 'en';
      const { id } = await trx
        .insertInto('booklets')
        .values({
          slug: `booklet-${i}`,
          owner_id: pick(authorIds),
          name: title(language),
          heading: title(language),
          description: articleText(language, 2).replace(/<\/?p>/g, ''),
          cover_url: '',
          price_cents: i % 4 === 0 ? 990 : 0,
          currency: 'CNY',
          trashed: i % 20 === 0 ? 1 : 0,
          created_at: now - i * 3_600_000,
          modified_at: now - i * 3_600_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let c = 0; c < 3; c++) {
        await trx
          .insertInto('booklet_items')
          .values({
            booklet_id: id,
            parent_id: null,
            type: 'article',
            article_id: between(1, ARTICLES),
            slug: `c${c}`,
            title: '',
            order: c,
            sales_mode: c === 2 ? 'payment_required' : 'free',
          })
          .execute();
      }
    }
  });
}

interface Query {
  q: string;
  type?: SearchType;
  page?: number;
}

/**
 * ~200 queries a reader might type: common and rare words (half from the common words, half from
 * the whole vocabulary), two or three words, a first character, Traditional forms, English words
 * and 3-letter prefixes, mixed, nothing to find, one kind, pages 2 to 5.
 */
function queries(count: number): Query[] {
  const zh = () => ((random() < 0.5 ? pick(ZH) : pick(ZH_WORDS)) as readonly [string])[0];
  const en = () => (random() < 0.5 ? pick(EN) : pick(EN_WORDS));
  const traditional = ZH_WORDS.filter((entry) => entry[1] !== undefined);
  const kinds: (() => Query)[] = [
    () => ({ q: zh() }),
    () => ({ q: `${zh()} ${zh()}` }),
    () => ({ q: `${zh()}${zh()}${zh()}` }),
    () => ({ q: zh().slice(0, 1) }),
    () => ({ q: pick(traditional)[1] ?? '' }),
    () => ({ q: en() }),
    () => ({ q: `${en()} ${en()}` }),
    () => ({ q: en().slice(0, 3) }),
    () => ({ q: `${en()} ${zh()}` }),
    () => ({ q: 'zzyzx 不存在的词' }),
    () => ({ q: zh(), type: pick(['article', 'column', 'booklet'] as const) }),
    () => ({ q: zh(), page: between(2, 5) }),
  ];
  return Array.from({ length: count }, (_, i) => (kinds[i % kinds.length] as () => Query)());
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, t) => sum + t, 0) / Math.max(1, sorted.length);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms, mean ${mean.toFixed(1)} ms`;
}

async function run(label: string, database: Database, filled: boolean): Promise<void> {
  let started = performance.now();
  if (!filled) {
    await fill(database);
    // A live database has its statistics (autovacuum, or SQLite's optimize): so does this one.
    await sql`analyze`.execute(database.db);
    console.log(`${label}: ${ARTICLES} articles, ${AUTHORS} authors, ${BOOKLETS} booklets written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else console.log(`${label}: the corpus kept by an earlier run`);
  // The queries are drawn the same whether the corpus was just written or kept.
  seed = 20_260_802;
  started = performance.now();
  const documents = await rebuildSearchIndex(database.db);
  const buildSeconds = (performance.now() - started) / 1000;
  console.log(`${label}: index of ${documents} documents built in ${buildSeconds.toFixed(1)} s (${(documents / buildSeconds).toFixed(0)} documents/s)`);

  const now = Date.now();
  const docs = await readableArticles(database.db, now, flags.large ? 150 : 1);
  const byKind = new Map(KINDS.map((kind) => [kind, queriesOf(kind, docs, NAMES, TRUTH_QUERIES, random)] as const));
  const list: Query[] = [...queries(QUERIES), ...[...byKind.values()].flat().map((q) => ({ q }))];
  const server = await listen(database);
  try {
    // Warm up: caches, JIT, OpenCC's tables.
    for (const query of list.slice(0, 20)) await ask(server.origin, query);
    const times: number[] = [];
    const kindTimes = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    const slowest: { ms: number; q: string }[] = [];
    let hits = 0;
    let empty = 0;
    for (const query of list) {
      const at = performance.now();
      const { count } = await ask(server.origin, query);
      const ms = performance.now() - at;
      times.push(ms);
      for (const [kind, qs] of byKind) if (qs.includes(query.q) && !query.type && !query.page) kindTimes.get(kind)?.push(ms);
      slowest.push({ ms, q: `${query.q}${query.type ? ` [${query.type}]` : ''}${query.page ? ` p${query.page}` : ''}` });
      hits += count;
      if (count === 0) empty += 1;
    }
    console.log(
      `${label}: ${list.length} requests to /api/search/, one at a time: ${summary(times)}; ${(hits / list.length).toFixed(0)} hits a query on average, ${empty} with none`,
    );
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      `${label}: slowest: ${slowest
        .slice(0, 5)
        .map((s) => `${s.q} ${s.ms.toFixed(1)} ms`)
        .join('; ')}`,
    );
    if (!flags.large) await recallTable(label, server.origin, database, docs, byKind, kindTimes);
    else for (const [kind, kt] of kindTimes) console.log(`${label}: ${kind}: ${summary(kt)}`);
  } finally {
    await server.close();
  }
  await indexSize(label, database, documents);

  if (flags.trigram && database.engine === 'sqlite') await trigram(database, list);
}

/** The app on a free port, as a reader reaches it (no throttle worth the name). */
async function listen(database: Database): Promise<{ origin: string; close: () => Promise<void> }> {
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), publicOrigin: 'http://bench.local' };
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-outbox-'));
  const app = benchApp(database, config, { outboxDir, mediaOrigin: siteOrigin(config), limits: { signIn: 10, reset: 5, search: 1_000_000 } });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function ask(origin: string, query: Query & { page_size?: number }): Promise<SearchPage> {
  const params = new URLSearchParams({ q: query.q });
  if (query.type) params.set('type', query.type);
  if (query.page) params.set('page', String(query.page));
  if (query.page_size) params.set('page_size', String(query.page_size));
  const res = await fetch(`${origin}/api/search/?${params.toString()}`);
  if (!res.ok) throw new Error(`${res.status} for ${params.toString()}: ${await res.text()}`);
  return (await res.json()) as SearchPage;
}

/**
 * Recall (of every article the substring truth holds, how many the search finds: the whole
 * ranked answer, from the service's ranking) and precision@10 (of the first page, how
 * many the truth holds), per kind of query; articles only, as the truth covers them.
 */
async function recallTable(
  label: string,
  origin: string,
  database: Database,
  docs: Awaited<ReturnType<typeof readableArticles>>,
  byKind: ReadonlyMap<Kind, readonly string[]>,
  kindTimes: ReadonlyMap<Kind, number[]>,
): Promise<void> {
  console.log(`${label}: | kind | queries | recall | precision@10 | truth per query | p50 / p95 ms |`);
  console.log(`${label}: |---|---|---|---|---|---|`);
  for (const [kind, list] of byKind) {
    let recall = 0;
    let precision = 0;
    let truthSize = 0;
    for (const q of list) {
      const truth = truthOf(docs, q);
      truthSize += truth.size;
      // The whole answer, as the service ranks it (every page at once), and the first page as a reader gets it.
      const { rows } = await rankMatches(database.db, queryTerms(q), { type: 'article', limit: 1_000_000, offset: 0, now: Date.now() });
      const found = new Set<string>();
      for (let i = 0; i < rows.length; i += 500) {
        const ids = rows.slice(i, i + 500).map((row) => row.id);
        for (const row of await database.db.selectFrom('search_documents').select('slug').where('id', 'in', ids).execute()) found.add(row.slug);
      }
      const first = (await ask(origin, { q, type: 'article' })).results.flatMap((r) => (r.type === 'article' ? [r.slug] : []));
      recall += truth.size === 0 ? (found.size === 0 ? 1 : 0) : [...truth].filter((slug) => found.has(slug)).length / truth.size;
      precision += first.length === 0 ? (truth.size === 0 ? 1 : 0) : first.filter((slug) => truth.has(slug)).length / first.length;
    }
    const times = [...(kindTimes.get(kind) ?? [])].sort((a, b) => a - b);
    console.log(
      `${label}: | ${kind} | ${list.length} | ${(recall / list.length).toFixed(3)} | ${(precision / list.length).toFixed(3)} | ${(truthSize / list.length).toFixed(0)} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} |`,
    );
  }
}

/** The index's size on disk, in all and per indexed document. */
async function indexSize(label: string, database: Database, documents: number): Promise<void> {
  const sizeQuery =
    database.engine === 'sqlite'
      ? sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name like 'search%' or name like 'sqlite_autoindex_search%'`
      : sql<{ bytes: string }>`select pg_total_relation_size('search_documents') as bytes`;
  const { rows } = await sizeQuery.execute(database.db);
  const bytes = Number(rows[0]?.bytes ?? 0);
  console.log(
    `${label}: index ${(bytes / 1024 / 1024).toFixed(0)} MB in all (search_documents with its indexes and full-text tables), ${(bytes / Math.max(1, documents)).toFixed(0)} bytes a document`,
  );
}

/** The alternative measured for the decision: FTS5's trigram tokenizer over the raw (folded) text, substring match. */
async function trigram(database: Database, list: readonly Query[]): Promise<void> {
  const { db } = database;
  const { fold } = await import('../server/search/text');
  let started = performance.now();
  await sql`create virtual table trigram_fts using fts5(title, body, tokenize = 'trigram')`.execute(db);
  const rows = await db
    .selectFrom('search_documents')
    .innerJoin('articles', 'articles.id', 'search_documents.ref_id')
    .select(['search_documents.id', 'articles.title', 'search_documents.body_text'])
    .where('search_documents.kind', '=', 'article')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await sql`insert into trigram_fts (rowid, title, body) values (${row.id}, ${fold(row.title)}, ${fold(row.body_text)})`.execute(trx);
  });
  console.log(`sqlite trigram: ${rows.length} article documents indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const times: number[] = [];
  let unanswerable = 0;
  for (const query of list) {
    const words = fold(query.q)
      .split(/\s+/)
      .filter((w) => w !== '');
    started = performance.now();
    // A trigram index answers only terms of 3 characters or more; shorter ones fall back to a scan (LIKE).
    const long = words.filter((w) => [...w].length >= 3);
    if (long.length < words.length) unanswerable += 1;
    const match = long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ');
    const shortLikes = words.filter((w) => [...w].length < 3);
    let statement = db.selectFrom(sql<{ rowid: number }>`trigram_fts`.as('t')).select(sql<number>`count(*)`.as('count'));
    if (match) statement = statement.where(sql<boolean>`trigram_fts match ${match}`);
    for (const w of shortLikes) statement = statement.where(sql<boolean>`(title like ${`%${w}%`} or body like ${`%${w}%`})`);
    await statement.executeTakeFirst();
    times.push(performance.now() - started);
  }
  console.log(`sqlite trigram: ${list.length} queries (count only): ${summary(times)}; ${unanswerable} had a term under 3 characters (a scan)`);
}

async function main(): Promise<void> {
  await benchSqlite();
  if (flags.pg || process.env.DATABASE_URL) await benchPostgres();
}

/** `--data DIR` keeps the SQLite corpus in DIR (generated at the first run, reused after); `--skip-sqlite` measures PostgreSQL alone. */
async function benchSqlite(): Promise<void> {
  if (flags['skip-sqlite']) return;
  const kept = flags.data !== undefined;
  const dir = flags.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-search-'));
  fs.mkdirSync(dir, { recursive: true });
  const filled = fs.existsSync(path.join(dir, 'zine.db'));
  const sqlite = openDatabase({ dataDir: dir });
  try {
    await migrate(sqlite);
    await run('sqlite', sqlite, filled);
    const size =
      fs.statSync(path.join(dir, 'zine.db')).size + (fs.existsSync(path.join(dir, 'zine.db-wal')) ? fs.statSync(path.join(dir, 'zine.db-wal')).size : 0);
    console.log(`sqlite: database file ${(size / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await sqlite.close();
    if (flags.keep || kept) console.log(`sqlite: kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `--schema NAME` keeps the PostgreSQL corpus in that schema (generated at the first run, reused after). */
async function benchPostgres(): Promise<void> {
  const kept = flags.schema !== undefined;
  const schema = flags.schema ?? `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = await admin.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'articles'`, [schema]);
  const filled = (exists.rowCount ?? 0) > 0;
  await admin.query(`create schema if not exists ${schema}`);
  const postgres = openDatabase({ databaseUrl: PG_URL, dataDir: '', pgSchema: schema, poolSize: 4 });
  try {
    await migrate(postgres);
    await run('postgres', postgres, filled);
    const size = await admin.query<{ size: string }>(
      `select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname like 'search_documents%'`,
      [schema],
    );
    console.log(`postgres: search_documents with its indexes ${size.rows[0]?.size ?? '?'}`);
  } finally {
    await postgres.close();
    if (flags.keep || kept) console.log(`postgres: kept the schema ${schema}`);
    else await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

await main();
