import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RunningServer {
  origin: string;
  pid: number;
  /** Milliseconds from the process's start to its first answered request. */
  startupMs: number;
  stop(): Promise<void>;
}

/** A server that takes longer than this to answer is taken as failed (a first start may build the search index). */
const START_LIMIT_MS = Number(process.env.BENCH_DATA_START_LIMIT_MS ?? 60 * 60_000);

/**
 * The built server (`dist/server/index.js`, as `npm run bench` starts it) on a database, one process,
 * production mode; the time to its first answered request is timed from the spawn.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  let dead = false;
  void exited.then(() => (dead = true));
  while (performance.now() - started < START_LIMIT_MS) {
    if (dead) throw new Error(`the server exited before it answered (${origin})`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      const startupMs = performance.now() - started;
      return {
        origin,
        pid: child.pid ?? 0,
        startupMs,
        stop: async () => {
          if (dead) return;
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start in time');
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
