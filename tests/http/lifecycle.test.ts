import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

function startServer(): Promise<{ port: number; exit: Promise<number | null>; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-life-'));
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_UPSTREAM: upstream.origin, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"port":(\d+)/.exec(output)?.[1];
      if (port) resolve({ port: Number(port), exit, stop: () => child.kill('SIGTERM') });
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
});
