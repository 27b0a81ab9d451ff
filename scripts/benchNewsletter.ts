// `npm run bench:newsletter`: 10,000 newsletter subscribers (NEWSLETTER_SUBSCRIBERS) of one author
// get one article through a local SMTP server (tests/support/smtpStandIn.ts), sent by the built
// server (dist/server/index.js, WEB_CONCURRENCY=2 by default: two workers share the queue) on a
// fresh demo database (SQLite; BENCH_DATABASE_URL for PostgreSQL). Measures the time from queueing to
// the last mail and, before and meanwhile, the latency of the home page, an article page and
// /healthz (sequential GETs). NEWSLETTER_RATE (default here 1000) is each worker's rate.
// A benchmark, not a test: it is not part of `npm test`, and its times depend on the machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/connection';
import { queueArticle } from '../server/newsletter/sendQueue';
import { startSmtpStandIn } from '../tests/support/smtpStandIn';
import { startServer } from './runningServer';
import { userRow } from '../tests/support/userRow';

const SUBSCRIBERS = Number(process.env.NEWSLETTER_SUBSCRIBERS ?? 10_000);
const RATE = process.env.NEWSLETTER_RATE ?? '1000';
const WORKERS = process.env.WEB_CONCURRENCY ?? '2';
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const smtp = await startSmtpStandIn();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const { dataDir, server } = await startedServer();
const database = openDatabase({ databaseUrl, dataDir });
try {
  const { db } = database;
  const article = await db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .select(['articles.id', 'articles.slug', 'articles.author_id', 'users.username'])
    .where('articles.visibility', '=', 'public')
    .where('articles.moderation', '=', 'none')
    .orderBy('articles.id')
    .executeTakeFirstOrThrow();
  log(`${SUBSCRIBERS} subscribers of ${article.username}, article ${article.slug}; ${WORKERS} workers at NEWSLETTER_RATE=${RATE} each`);
  const now = Date.now();
  for (let start = 0; start < SUBSCRIBERS; start += 500) {
    const count = Math.min(500, SUBSCRIBERS - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, i) => userRow({ email: `reader${start + i}@bench.test`, username: `bench_reader_${start + i}`, created_at: now })),
      )
      .returning(['id', 'email'])
      .execute();
    await db
      .insertInto('follows')
      .values(users.map((user) => ({ follower_id: user.id, followee_id: article.author_id, created_at: now })))
      .execute();
    await db
      .insertInto('newsletter_subscriptions')
      .values(
        users.map((user, i) => ({
          author_id: article.author_id,
          reader_id: user.id,
          email: user.email,
          locale: ['en', 'zh-CN', 'zh-TW'][i % 3] ?? 'en',
          status: 'active' as const,
          created_at: now,
          updated_at: now,
          confirmed_at: now,
        })),
      )
      .execute();
  }

  const pages = ['/', `/article/${encodeURIComponent(article.slug)}/`, '/healthz'];
  const before = await latencies(server.origin, pages, () => true, 60);
  log(`before: ${describe(before)}`);

  const queuedAt = performance.now();
  const queued = await queueArticle(db, article.author_id, article.id, Date.now());
  log(`queued ${queued} mails in ${(performance.now() - queuedAt).toFixed(0)} ms`);
  let done = false;
  const during = latencies(server.origin, pages, () => !done, Infinity);
  await smtp.waitFor(queued, 30 * 60_000);
  const seconds = (performance.now() - queuedAt) / 1000;
  done = true;
  const duringResult = await during;
  const addresses = new Set(smtp.received.flatMap((mail) => mail.to));
  log(`sent ${smtp.received.length} mails to ${addresses.size} addresses in ${seconds.toFixed(1)} s (${(smtp.received.length / seconds).toFixed(0)} a second)`);
  log(`during: ${describe(duringResult)}`);
  const statuses = await db
    .selectFrom('newsletter_sends')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  log(`send rows: ${statuses.map((row) => `${row.status} ${Number(row.count)}`).join(', ')}`);
} finally {
  await database.close();
  await server.stop();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The first start seeds the demo and builds its search index: on a busy machine that can outlast runningServer's 10 s, so try again on a fresh folder. */
async function startedServer() {
  for (let attempt = 1; ; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-newsletter-'));
    try {
      const started = await startServer(dir, {
        SMTP_URL: smtp.url,
        NEWSLETTER_RATE: RATE,
        WEB_CONCURRENCY: WORKERS,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      return { dataDir: dir, server: started };
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      if (attempt === 3) throw error;
      log(`the server did not start in time; again (${attempt + 1} of 3)`);
    }
  }
}

type Samples = Map<string, number[]>;

/** Sequential GETs of each page in turn while `go()` holds (at most `rounds` rounds): milliseconds each. */
async function latencies(origin: string, paths: string[], go: () => boolean, rounds: number): Promise<Samples> {
  const samples: Samples = new Map(paths.map((p) => [p, []]));
  for (let round = 0; round < rounds && go(); round++) {
    for (const p of paths) {
      const start = performance.now();
      const answer = await fetch(`${origin}${p}`);
      await answer.arrayBuffer();
      samples.get(p)?.push(performance.now() - start);
    }
  }
  return samples;
}

function describe(samples: Samples): string {
  return [...samples]
    .map(([p, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
      return `${p} p50 ${at(0.5)} ms p95 ${at(0.95)} ms max ${at(1)} ms (${sorted.length})`;
    })
    .join('; ');
}
