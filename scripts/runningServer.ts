// The built server (dist/server/index.js) started as a child process on a free port, for the
// scripts that measure it: `npm run bench` and `npm run lighthouse`.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RunningServer {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
}

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      // One process unless a row asks for more: production would otherwise fork one per core.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitForServer(child, `http://127.0.0.1:${port}`, '/healthz');
}

export async function waitForServer(child: ChildProcess, origin: string, probe: string): Promise<RunningServer> {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${origin}${probe}`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return {
        origin,
        pid: child.pid ?? 0,
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

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
