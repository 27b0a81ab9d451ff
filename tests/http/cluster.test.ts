import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventStreamReader } from '../support/eventStream';
import { sendJson, startFakeUpstream } from '../support/fakeUpstream';

// The built server with WEB_CONCURRENCY=2 (docs/decisions/048): a primary and two workers on one port.
const TOKEN = 'metrics-token-for-the-cluster-test';

const upstream = await startFakeUpstream((_req, res) => {
  setTimeout(() => sendJson(res, 200, {}), 800);
});

/** Primaries not yet exited: a failed test must not leave a cluster running. */
const started = new Set<RunningCluster>();

afterAll(async () => {
  for (const server of started) server.signal('SIGTERM');
  await Promise.all([...started].map((server) => server.exit));
  await upstream.close();
});

interface RunningCluster {
  port: number;
  exit: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
  output: () => string;
  /** The pids of the workers that said they listen, in order. */
  workerPids: () => number[];
}

function startCluster(env: Record<string, string>): Promise<RunningCluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-cluster-'));
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '2',
      PUBLIC_ORIGIN: '',
      PAYMENTS_SANDBOX: '',
      PDF_EXPORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = () => output.split('\n').filter((line) => line.includes('is listening'));
  const workerPids = () => listening().map((line) => Number(/"pid":(\d+)/.exec(line)?.[1]));
  let running: RunningCluster | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (running) started.delete(running);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"port":(\d+)/.exec(output)?.[1];
      if (port && listening().length >= 2 && !running) {
        running = { port: Number(port), exit, signal: (name) => child.kill(name), output: () => output, workerPids };
        started.add(running);
        resolve(running);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', () => reject(new Error(`server exited early: ${output}`)));
  });
}

/** One request on its own connection, so the primary hands each to the next worker. */
function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in over HTTP as a browser would (the CSRF cookie first), for requests on connections of their own. */
async function signIn(origin: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${origin}/`);
  const csrf = /csrftoken=([^;]+)/.exec(page.headers.getSetCookie().join('; '))?.[1] ?? '';
  const res = await fetch(`${origin}/api/accounts/login/cookies/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `csrftoken=${csrf}`, 'X-CSRFToken': csrf },
    body: JSON.stringify({ email, password: 'zine-demo-2026' }),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: [`csrftoken=${csrf}`, ...cookies].join('; '), csrf };
}

describe('WEB_CONCURRENCY=2', () => {
  it('prepares the database once, serves from both workers, reports health and metrics, replaces a dead worker', async () => {
    const server = await startCluster({ METRICS_TOKEN: TOKEN });
    // Migrations and the demo seed ran in the primary, before the workers.
    expect(server.output().match(/loaded the demo content/g)).toHaveLength(1);
    expect(new Set(server.workerPids()).size).toBe(2);

    const health = await get(server.port, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const details = await get(server.port, '/healthz', { Authorization: `Bearer ${TOKEN}` });
    expect(JSON.parse(details.body)).toMatchObject({
      status: 'ok',
      database: 'ok',
      pdfQueue: { pending: 0, processing: 0, oldestPendingAgeS: null },
    });

    expect((await get(server.port, '/metrics')).status).toBe(401);
    expect((await get(server.port, '/metrics', { Authorization: 'Bearer wrong-token-of-some-length' })).status).toBe(401);
    await get(server.port, '/');
    await get(server.port, '/api/nothing/');
    await get(server.port, '/api/articles/1/');
    const workers = new Set<string>();
    let text = '';
    for (let i = 0; i < 8; i += 1) {
      const metrics = await get(server.port, '/metrics', { Authorization: `Bearer ${TOKEN}` });
      expect(metrics.status).toBe(200);
      expect(metrics.type).toContain('text/plain');
      text += metrics.body;
      for (const match of metrics.body.matchAll(/worker="(\d+)"/g)) workers.add(match[1] ?? '');
    }
    // Each worker answers its own metrics, labelled with its id: both took requests.
    expect([...workers].sort()).toEqual(['1', '2']);
    for (const name of [
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_count',
      'render_cache_hits_total',
      'render_cache_misses_total',
      'pdf_queue_jobs',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(name);
    }
    // Routes by name, never by raw URL.
    expect(text).toMatch(/http_request_duration_seconds_count\{worker="\d",route="\/healthz",method="GET",code="2xx"\} \d/);
    expect(text).toMatch(/worker="\d",route="home",method="GET",code="2xx"/);
    expect(text).toMatch(/worker="\d",route="api \(unmatched\)",method="GET",code="4xx"/);
    expect(text).toMatch(/worker="\d",route="\/api\/articles\/:id\/",method="GET",code="[24]xx"/);

    // A worker that dies is replaced.
    const [first] = server.workerPids();
    process.kill(first ?? 0, 'SIGKILL');
    await until(() => server.workerPids().length >= 3, 10_000);
    expect(server.output()).toContain('a worker died; starting another');
    expect((await get(server.port, '/healthz')).status).toBe(200);

    server.signal('SIGTERM');
    expect(await server.exit).toBe(0);
    for (const pid of server.workerPids()) expect(isRunning(pid)).toBe(false);
  }, 40_000);

  it('relays a notification made on one worker to the bell streams held by both (SQLite: one machine)', async () => {
    const server = await startCluster({});
    const origin = `http://127.0.0.1:${server.port}`;
    const author = await signIn(origin, 'demo@zine.local');
    const reader = await signIn(origin, 'reader@zine.local');
    // Each stream on a connection of its own: the primary hands connections to the workers in turn.
    const streams = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const abort = new AbortController();
        const response = await fetch(`${origin}/api/notification/stream/`, {
          headers: { Accept: 'text/event-stream', Cookie: author.cookie },
          signal: abort.signal,
        });
        const reader = new EventStreamReader(response, abort);
        await reader.next('count', 3000);
        return reader;
      }),
    );
    const liked = await fetch(`${origin}/api/columns/thumbsup/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: reader.cookie, 'X-CSRFToken': reader.csrf },
      body: JSON.stringify({ article_slug: 'west-lake-in-the-rain' }),
    });
    expect(liked.status).toBe(200);
    for (const stream of streams) {
      const event = await stream.next('notification', 2000);
      expect(event.data).toMatchObject({ unread_count: 1, notification: { payload: { type: 'thumbsup' } } });
      stream.close();
    }
    server.signal('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 30_000);

  it('on SIGTERM finishes the request in flight, stops every worker and exits 0; /metrics is off without a token', async () => {
    const server = await startCluster({ API_UPSTREAM: upstream.origin });
    expect((await get(server.port, '/metrics')).status).toBe(404);
    // The page waits 800 ms on the upstream.
    const inFlight = get(server.port, '/sign/in/');
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.signal('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toContain('</html>');
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('every worker has stopped');
    for (const pid of server.workerPids()) expect(isRunning(pid)).toBe(false);
    await expect(get(server.port, '/healthz')).rejects.toThrow();
  }, 30_000);
});
