// `npm run dev`: rebuilds client and server on change and restarts the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
function restart() {
  if (server) server.kill('SIGTERM');
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
}

const build = spawn(process.execPath, ['esbuild.config.mjs', '--watch'], { stdio: ['ignore', 'pipe', 'inherit'] });
build.stdout.on('data', (/** @type {Buffer} */ chunk) => process.stdout.write(chunk));

// Restart whenever the server bundle or the client manifest is rewritten.
/** @type {NodeJS.Timeout | undefined} */
let timer;
const schedule = () => {
  clearTimeout(timer);
  timer = setTimeout(restart, 300);
};
const waitForBuild = setInterval(() => {
  if (!fs.existsSync('dist/server/index.js') || !fs.existsSync('dist/client/manifest.json')) return;
  clearInterval(waitForBuild);
  restart();
  fs.watch('dist/server', schedule);
  fs.watch('dist/client', (_event, name) => name === 'manifest.json' && schedule());
}, 200);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server?.kill('SIGTERM');
    build.kill('SIGTERM');
    process.exit(0);
  });
}
