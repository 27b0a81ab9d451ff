import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, startFakeUpstream } from '../support/fakeUpstream';

// The built server as an operator runs it, in proxy mode against a slow upstream,
// so a page request is still in flight when SIGTERM arrives.
const upstream = await startFakeUpstream((_req, res) => {
  setTimeout(() => sendJson(res, 200, {}), 800);
});

afterAll(() => upstream.close());

interface RunningServer {
  port: number;
  exit: Promise<number | null>;
  stop: () => void;
  /** What it has logged so far. */
  output: () => string;
}

/** The built server; by default in proxy mode, or with `env` on its own fresh SQLite database. */
function startServer(env: Record<string, string> = { API_UPSTREAM: upstream.origin }): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-life-'));
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // The one process, whatever the cores (a cluster's shutdown: tests/http/cluster.test.ts).
      WEB_CONCURRENCY: '1',
      PUBLIC_ORIGIN: '',
      PAYMENTS_SANDBOX: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"port":(\d+)/.exec(output)?.[1];
      if (port) resolve({ port: Number(port), exit, stop: () => child.kill('SIGTERM'), output: () => output });
    });
    child.on('exit', () => reject(new Error(`server exited early: ${output}`)));
  });
}

describe('the process', () => {
  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    const server = await startServer();
    const inFlight = fetch(`http://127.0.0.1:${server.port}/sign/in/`).then(async (r) => ({ status: r.status, text: await r.text() }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    server.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.text).toContain('</html>');
    expect(await server.exit).toBe(0);
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
  }, 20_000);

  it('resets no keep-alive connection on SIGTERM: each ends after its answer, and the process exits', async () => {
    const server = await startServer({ SEED: 'none' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const errors: string[] = [];
    let answered = 0;
    let running = true;
    const one = () =>
      new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port: server.port, path: '/healthz', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            answered += 1;
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          errors.push(error.code ?? error.message);
          resolve();
        });
      });
    const clients = Array.from({ length: 16 }, async () => {
      while (running) await one();
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    server.stop();
    expect(await server.exit).toBe(0);
    running = false;
    await Promise.all(clients);
    agent.destroy();
    expect(answered).toBeGreaterThan(16);
    // After the listener closed, new connections are refused; none that was open is reset.
    expect(errors.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
  }, 20_000);

  it('says loudly at start when payments are in sandbox mode, and keeps them off in production without PUBLIC_ORIGIN (decisions 028, 060)', async () => {
    const demo = await startServer({ SEED: 'none', PAYMENTS_SANDBOX: '1' });
    const sandbox = await fetch(`http://127.0.0.1:${demo.port}/payments/sandbox/checkout/any`);
    expect(await sandbox.text()).toContain('Sandbox checkout');
    demo.stop();
    await demo.exit;
    expect(demo.output()).toContain('PAYMENTS ARE IN SANDBOX MODE');
    expect(demo.output()).toMatch(/"level":40[^\n]*SANDBOX/);
    expect(demo.output()).not.toContain('without PUBLIC_ORIGIN');
    // Production without PUBLIC_ORIGIN and without PAYMENTS_SANDBOX: off, and the log says why (decision 060).
    const unsure = await startServer({ SEED: 'none' });
    const off = await fetch(`http://127.0.0.1:${unsure.port}/payments/sandbox/checkout/any`);
    unsure.stop();
    await unsure.exit;
    expect(off.status).toBe(404);
    expect(await off.text()).not.toContain('Sandbox checkout');
    expect(unsure.output()).not.toContain('PAYMENTS ARE IN SANDBOX MODE');
    expect(unsure.output()).toMatch(/"level":40[^\n]*NODE_ENV=production without PUBLIC_ORIGIN/);
    const live = await startServer({ SEED: 'none', PUBLIC_ORIGIN: 'https://zine.example' });
    const checkout = await fetch(`http://127.0.0.1:${live.port}/payments/sandbox/checkout/any`);
    live.stop();
    await live.exit;
    expect(checkout.status).toBe(404);
    expect(await checkout.text()).not.toContain('Sandbox checkout');
    expect(live.output()).not.toContain('SANDBOX');
    expect(live.output()).not.toContain('without PUBLIC_ORIGIN');
  }, 30_000);
});
