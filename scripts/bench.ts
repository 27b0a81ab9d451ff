// `npm run bench`: starts the built server on a fresh demo database and measures
// req/s and latency of key pages at 50 connections with autocannon, beside a static
// file of the same size served by the same process (the ceiling), and prints ratios.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENT_DIR = path.resolve('dist/client');
const CEILING_FILE = 'bench-ceiling.html';

const TARGETS = [
  { name: 'home /', path: '/' },
  { name: 'article page', path: '/article/the-art-of-the-second-draft/' },
  { name: '404 page', path: '/this/page/does/not/exist' },
];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-bench-'));
  let server = await startServer(dataDir);
  const homeBytes = (await (await fetch(`${server.origin}/`)).arrayBuffer()).byteLength;
  await server.stop();

  // The ceiling: a static file as large as the home page, from the same process.
  fs.writeFileSync(path.join(CLIENT_DIR, CEILING_FILE), 'x'.repeat(homeBytes));
  try {
    server = await startServer(dataDir);
    const rows = [];
    for (const target of [...TARGETS, { name: 'static ceiling', path: `/static/${CEILING_FILE}` }]) {
      rows.push({ ...target, ...(await measure(server.origin + target.path)) });
    }
    await server.stop();
    const ceiling = rows.at(-1)?.rps ?? 1;
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, uncompressed, ${os.cpus().length} cores\n`);
    console.log('target            status  req/s     p50 ms  p99 ms  bytes    of ceiling');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(17)} ${String(r.status).padEnd(7)} ${r.rps.toFixed(0).padStart(7)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99
          .toFixed(1)
          .padStart(6)}  ${String(r.bytes).padStart(7)}  ${((r.rps / ceiling) * 100).toFixed(0).padStart(5)} %`,
      );
    }
  } finally {
    fs.rmSync(path.join(CLIENT_DIR, CEILING_FILE), { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(url: string): Promise<{ status: number; rps: number; p50: number; p99: number; bytes: number }> {
  const probe = await fetch(url);
  const bytes = (await probe.arrayBuffer()).byteLength;
  // Warm up (JIT, lazy chunks, caches) before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { status: probe.status, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes };
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
