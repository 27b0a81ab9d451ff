// `npm run bench`: starts the built server on a fresh demo database and measures
// req/s and latency of key pages at 50 connections with autocannon, beside a static
// file with the same bytes served by the same process (the ceiling), and prints ratios.
// Every request sends `Accept-Encoding: gzip` (what browsers send, minus brotli), so the
// pages and the ceiling alike travel gzip-compressed: the ceiling is pre-compressed on disk,
// cached pages are pre-compressed in memory, uncached pages are compressed per response.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { UserDirectory } from '../server/api/accounts/users';
import { openDatabase } from '../server/db/connection';
import { DEMO_AUTHOR } from '../server/db/seed/demoContent';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENT_DIR = path.resolve('dist/client');
const CEILING_FILE = 'bench-ceiling.html';
const ARTICLE = '/article/the-art-of-the-second-draft/';
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

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-'));
  let server = await startServer(dataDir);
  // The ceiling: the anonymous article page's own bytes, as a pre-compressed static file.
  const articleHtml = Buffer.from(await (await fetch(`${server.origin}${ARTICLE}`, { headers: BROWSER })).arrayBuffer());
  await server.stop();
  // The benchmark reads one article tens of thousands of times: its author gets an unlimited quota.
  await unlimitedQuota(dataDir, 'oliver@zine.local');

  fs.writeFileSync(path.join(CLIENT_DIR, CEILING_FILE), articleHtml);
  fs.writeFileSync(path.join(CLIENT_DIR, `${CEILING_FILE}.gz`), zlib.gzipSync(articleHtml, { level: 9 }));
  try {
    server = await startServer(dataDir);
    const session = await signIn(server.origin);
    const targets: Target[] = [
      { name: 'home /', path: '/' },
      { name: 'article, anonymous', path: ARTICLE },
      { name: 'article, signed in', path: ARTICLE, headers: session },
      { name: '404 page', path: '/this/page/does/not/exist' },
      { name: 'static ceiling', path: `/static/${CEILING_FILE}` },
    ];
    const rows = [];
    for (const target of targets) rows.push({ ...target, ...(await measure(server.origin + target.path, target.headers)) });
    await server.stop();
    const ceiling = rows.at(-1)?.rps ?? 1;
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: gzip, ${os.cpus().length} cores\n`);
    console.log('target               status  cache   req/s     p50 ms  p99 ms  bytes    of ceiling');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(20)} ${String(r.status).padEnd(7)} ${r.cache.padEnd(7)} ${r.rps.toFixed(0).padStart(7)}  ${r.p50
          .toFixed(1)
          .padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${String(r.bytes).padStart(7)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(5)} %`,
      );
    }
  } finally {
    fs.rmSync(path.join(CLIENT_DIR, CEILING_FILE), { force: true });
    fs.rmSync(path.join(CLIENT_DIR, `${CEILING_FILE}.gz`), { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(
  url: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; cache: string; rps: number; p50: number; p99: number; bytes: number }> {
  const headers = { ...BROWSER, ...extra };
  // Warm up (JIT, lazy chunks, the render cache) before the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const probe = await fetch(url, { headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 && probe.ok) console.warn(`${url}: ${result.non2xx} responses were not 2xx`);
  return {
    status: probe.status,
    cache: probe.headers.get('x-cache') ?? '-',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes,
  };
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

async function unlimitedQuota(dataDir: string, email: string): Promise<void> {
  const database = openDatabase({ dataDir });
  try {
    await new UserDirectory(database.db, Date.now).setMembership(email, 'enterprise', Date.now() + 24 * 3600_000);
  } finally {
    await database.close();
  }
}

async function startServer(dataDir: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) {
      return {
        origin,
        stop: () =>
          new Promise((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

await main();
