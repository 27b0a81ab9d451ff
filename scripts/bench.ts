// `npm run bench`: starts the built server on a fresh demo database and measures
// req/s, latency, the server's CPU time per request and its memory for key pages at 50
// connections with autocannon, beside the same bytes served as a static file by the same
// stack and by node:http alone (the raw ceiling), and prints ratios and the speed targets.
// Every request sends `Accept-Encoding: gzip` (what browsers send, minus brotli), so the
// pages and the ceiling alike travel gzip-compressed: the ceiling is pre-compressed on disk,
// cached pages are pre-compressed in memory, uncached pages are compressed per response.
// Last, the media host's variant renders of the largest image at 50 clients (scripts/benchImages.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { UserDirectory } from '../server/accounts/users';
import { openDatabase } from '../server/db/connection';
import { DEMO_AUTHOR } from '../server/startup/seed/demoContent';
import { benchAndReportImages } from './benchImages';
import { freePort, startServer, waitForServer, type RunningServer } from './runningServer';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const TTFB_PROBES = 21;
const CLIENT_DIR = path.resolve('dist/client');
const CEILING_FILE = 'bench-ceiling.html';
const ARTICLE_SLUG = 'the-art-of-the-second-draft';
const ARTICLE = `/article/${ARTICLE_SLUG}/`;
/** Pairs of one process and every core, interleaved: the machine is shared, so each pair is compared within itself. */
const CLUSTER_ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
// A desktop browser: the render cache keys pages by client class, so every request of a row shares one.
const BROWSER = {
  'Accept-Encoding': 'gzip',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Row extends Target {
  status: number;
  cache: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** The server process's CPU time (user + system) per answered request. */
  cpuMs: number;
  /** Its resident memory after the run. */
  rssMb: number;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-'));
  let server = await startServer(dataDir);
  // The ceilings: the anonymous article page's own bytes, pre-compressed, served by this stack and by node:http alone.
  const articleHtml = Buffer.from(await (await fetch(`${server.origin}${ARTICLE}`, { headers: BROWSER })).arrayBuffer());
  await server.stop();
  // The benchmark reads one article tens of thousands of times: its author gets an unlimited quota.
  await unlimitedQuota(dataDir, 'oliver@zine.local');

  const gzipped = zlib.gzipSync(articleHtml, { level: 9 });
  fs.writeFileSync(path.join(CLIENT_DIR, CEILING_FILE), articleHtml);
  fs.writeFileSync(path.join(CLIENT_DIR, `${CEILING_FILE}.gz`), gzipped);
  const rows: Row[] = [];
  const memory: RssSamples[] = [];
  const scaling: Scaling[] = [];
  let ttfb: number;
  try {
    server = await startServer(dataDir);
    const session = await signIn(server.origin);
    const targets: Target[] = [
      { name: 'home /', path: '/' },
      { name: 'article, anonymous', path: ARTICLE },
      { name: 'article, signed in', path: ARTICLE, headers: session },
      { name: '404 page', path: '/this/page/does/not/exist' },
      { name: 'static, same stack', path: `/static/${CEILING_FILE}` },
    ];
    for (const target of targets) rows.push({ ...target, ...(await measure(server, target.path, target.headers)) });
    // A reader whose view of the article is their own (they liked it): rendered for them, not made from the cached page (decision 054).
    await like(server.origin, session, ARTICLE_SLUG);
    rows.push({ name: 'signed in, liked it', path: ARTICLE, ...(await measure(server, ARTICLE, session)) });
    ttfb = await firstByteMs(`${server.origin}${ARTICLE}`, session);
    await server.stop();

    // Memory under a mix of readers, twice, sampled each second (target 4: at most 200 MB, no growth).
    server = await startServer(dataDir);
    const mixed = await signIn(server.origin);
    for (let round = 0; round < 2; round++)
      memory.push(await mixedLoad(server, [{ path: ARTICLE }, { path: ARTICLE, headers: mixed }, { path: '/' }, { path: '/this/page/does/not/exist' }]));
    await server.stop();

    // The same article rendered for every anonymous reader: the render cache off.
    server = await startServer(dataDir, { RENDER_CACHE_MB: '0' });
    rows.push({ name: 'article, uncached', path: ARTICLE, ...(await measure(server, ARTICLE)) });
    await server.stop();

    // The signed-in article on one process and on every core (WEB_CONCURRENCY, docs/decisions/048), in interleaved pairs:
    // CPU and RSS are the primary's and its workers'. The demo account liked it above, so each page is rendered for them.
    const cores = os.availableParallelism();
    for (let round = 0; round < CLUSTER_ROUNDS; round++) {
      for (const workers of [1, cores]) {
        server = await startServer(dataDir, { WEB_CONCURRENCY: String(workers) });
        const clusterSession = await signIn(server.origin);
        scaling.push({ workers, round, ...(await measure(server, ARTICLE, clusterSession)) });
        await server.stop();
      }
    }

    const raw = await startRawCeiling(path.join(CLIENT_DIR, `${CEILING_FILE}.gz`));
    rows.push({ name: 'raw node:http', path: '/', ...(await measure(raw, '/')) });
    await raw.stop();
  } finally {
    fs.rmSync(path.join(CLIENT_DIR, CEILING_FILE), { force: true });
    fs.rmSync(path.join(CLIENT_DIR, `${CEILING_FILE}.gz`), { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report(rows, memory, ttfb, scaling);
  // Variant renders of the largest image at 50 clients, on a server of their own (docs/decisions/062).
  await benchAndReportImages();
}

/** One measured run of the signed-in article in the pairs of one process and every core. */
interface Scaling extends Omit<Row, keyof Target> {
  workers: number;
  round: number;
}

function report(rows: readonly Row[], memory: readonly RssSamples[], ttfb: number, scaling: readonly Scaling[]): void {
  const ceiling = rows.find((r) => r.name === 'raw node:http')?.rps ?? 1;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: gzip, ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('target               status  cache    req/s   p50 ms  p99 ms    bytes  CPU ms/req  RSS MB  of raw');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} ${String(r.status).padEnd(7)} ${r.cache.padEnd(7)} ${r.rps.toFixed(0).padStart(7)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99
        .toFixed(1)
        .padStart(
          6,
        )}  ${String(r.bytes).padStart(7)}  ${r.cpuMs.toFixed(2).padStart(10)}  ${r.rssMb.toFixed(0).padStart(6)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(4)} %`,
    );
  }
  const row = (name: string) => rows.find((r) => r.name === name);
  const cached = row('article, anonymous');
  const signedIn = row('article, signed in');
  const uncached = row('article, uncached');
  const checks: Array<[string, boolean]> = [
    ['signed-in article: at most 4 ms CPU a request', (signedIn?.cpuMs ?? Infinity) <= 4],
    ['uncached anonymous article: at most 4 ms CPU a request', (uncached?.cpuMs ?? Infinity) <= 4],
    ['cached article: at least 40 % of the raw ceiling', (cached?.rps ?? 0) >= 0.4 * ceiling],
    ['cached article: at most 0.2 ms CPU a hit', (cached?.cpuMs ?? Infinity) <= 0.2],
    ['cached article: p99 under 25 ms', (cached?.p99 ?? Infinity) < 25],
    ['memory: RSS at most 200 MB after the runs', Math.max(...rows.filter((r) => r.name !== 'raw node:http').map((r) => r.rssMb)) <= 200],
  ];
  console.log(
    `\nmixed readers (anonymous and signed-in articles, home, 404), ${MEMORY_SECONDS} s twice: RSS ${memory
      .map((round) => `steady median ${round.median.toFixed(0)} MB (max ${round.max.toFixed(0)}, at the end ${round.end.toFixed(0)})`)
      .join(', then ')}`,
  );
  console.log(`signed-in article, one reader at a time: first byte after ${ttfb.toFixed(1)} ms (median of ${TTFB_PROBES}; its comments load in the browser)`);
  const pairs = pairsOf(scaling);
  if (pairs.length > 0) {
    const ratios = pairs.map(([one, all]) => all.rps / one.rps);
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
    const workers = pairs[0]?.[1].workers ?? 0;
    console.log(
      `signed-in article rendered for its reader, on every core, ${pairs.length} interleaved pairs: ${pairs
        .map(([one, all]) => `${one.rps.toFixed(0)} → ${all.rps.toFixed(0)} req/s (${one.cpuMs.toFixed(2)} → ${all.cpuMs.toFixed(2)} CPU ms)`)
        .join(', ')}; ${workers} workers give ${ratios.map((r) => r.toFixed(2)).join(', ')} times one process's req/s (median ${median.toFixed(2)})`,
    );
  }
  checks.push(
    // Growth compares the rounds' medians: one sample at the end depends on where V8's collector happened to be.
    [
      'memory: RSS at most 200 MB under a mix of readers, and no growth over a second run',
      memory.length === 2 && Math.max(...memory.map((round) => round.max)) <= 200 && (memory[1]?.median ?? Infinity) <= (memory[0]?.median ?? 0) * 1.05,
    ],
    ['signed-in article: first byte within 10 ms', ttfb < 10],
  );
  console.log('\nspeed targets');
  for (const [name, pass] of checks) console.log(`  ${pass ? 'pass' : 'FAIL'}  ${name}`);
}

/** The runs of each round paired: one process first, every core second. */
function pairsOf(scaling: readonly Scaling[]): Array<[Scaling, Scaling]> {
  const pairs: Array<[Scaling, Scaling]> = [];
  for (const one of scaling.filter((s) => s.workers === 1)) {
    const all = scaling.find((s) => s.round === one.round && s.workers !== 1);
    if (all) pairs.push([one, all]);
  }
  return pairs;
}

async function measure(server: RunningServer, target: string, extra: Record<string, string> = {}): Promise<Omit<Row, keyof Target>> {
  const url = server.origin + target;
  const headers = { ...BROWSER, ...extra };
  // Warm up (JIT, lazy chunks, the render cache) before the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const probe = await fetch(url, { headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  const before = cpuMsOf(server.pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpu = cpuMsOf(server.pid) - before;
  if (result.non2xx > 0 && probe.ok) console.warn(`${url}: ${result.non2xx} responses were not 2xx`);
  return {
    status: probe.status,
    cache: probe.headers.get('x-cache') ?? '-',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes,
    cpuMs: cpu / Math.max(1, result.requests.total),
    rssMb: rssMbOf(server.pid),
  };
}

interface RssSamples {
  median: number;
  max: number;
  end: number;
}

/** RSS each second of `MEMORY_SECONDS` at 50 connections cycling through the given requests. */
async function mixedLoad(server: RunningServer, requests: Array<{ path: string; headers?: Record<string, string> }>): Promise<RssSamples> {
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMbOf(server.pid)), 1000);
  try {
    await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: MEMORY_SECONDS,
      requests: requests.map((r) => ({ method: 'GET', path: r.path, headers: { ...BROWSER, ...r.headers } })),
    });
  } finally {
    clearInterval(sampler);
  }
  const end = rssMbOf(server.pid);
  // The median of the round's second half: its first seconds still grow towards the steady state.
  const steady = [...samples.slice(Math.floor(samples.length / 2)), end].sort((a, b) => a - b);
  return { median: steady[Math.floor(steady.length / 2)] ?? end, max: Math.max(end, ...samples), end };
}

/** Median milliseconds from sending a request to its first body byte, one request at a time. */
async function firstByteMs(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < TTFB_PROBES; i++) {
    times.push(
      await new Promise<number>((resolve, reject) => {
        const start = process.hrtime.bigint();
        http
          .get(url, { headers: { ...BROWSER, ...headers }, agent: false }, (res) => {
            res.once('data', () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
            res.resume();
          })
          .on('error', reject);
      }),
    );
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Infinity;
}

/** User and system CPU time of a process and its children (cluster workers) so far, from /proc (Linux), in milliseconds. */
function cpuMsOf(pid: number): number {
  let total = 0;
  for (const one of processTree(pid)) {
    const fields = fs.readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command's closing parenthesis: utime and stime are the 12th and 13th fields, in clock ticks of 10 ms.
    total += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return total;
}

function rssMbOf(pid: number): number {
  let total = 0;
  for (const one of processTree(pid)) {
    const line =
      fs
        .readFileSync(`/proc/${one}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS:')) ?? '';
    total += Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024;
  }
  return total;
}

/** A process and its direct children (a cluster primary's workers); just the process where /proc does not list children. */
function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** Signs the demo account in: the session and CSRF cookies a signed-in browser sends. */
async function signIn(origin: string): Promise<Record<string, string>> {
  const page = await fetch(`${origin}/`, { headers: BROWSER });
  const csrf = /csrftoken=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${origin}/api/accounts/login/cookies/`, {
    method: 'POST',
    headers: { ...BROWSER, 'Content-Type': 'application/json', 'X-CSRFToken': csrf, Cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ email: DEMO_AUTHOR.email, password: DEMO_AUTHOR.password }),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('sessionid='));
  if (!res.ok || !session) throw new Error(`the demo sign-in failed: ${res.status}`);
  return { Cookie: `${session}; csrftoken=${csrf}`, 'X-CSRFToken': csrf };
}

/** Likes an article as a signed-in reader (their page of it is then their own). */
async function like(origin: string, session: Record<string, string>, slug: string): Promise<void> {
  const res = await fetch(`${origin}/api/columns/thumbsup/`, {
    method: 'POST',
    headers: { ...BROWSER, ...session, 'Content-Type': 'application/json' },
    body: JSON.stringify({ article_slug: slug }),
  });
  if (!res.ok) throw new Error(`the like failed: ${res.status}`);
}

async function unlimitedQuota(dataDir: string, email: string): Promise<void> {
  const database = openDatabase({ dataDir });
  try {
    await new UserDirectory(database.db, Date.now).setMembership(email, 'enterprise', Date.now() + 24 * 3600_000);
  } finally {
    await database.close();
  }
}

/** The raw ceiling: node:http alone, answering every request with the same pre-compressed bytes. */
async function startRawCeiling(gzipFile: string): Promise<RunningServer> {
  const port = await freePort();
  const script = `const http = require('node:http'); const body = require('node:fs').readFileSync(${JSON.stringify(gzipFile)});
http.createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': body.length }); res.end(body); }).listen(${port}, '127.0.0.1');`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return waitForServer(child, `http://127.0.0.1:${port}`, '/');
}

await main();
