// Builds the browser bundle (ESM, split, minified, hashed, pre-compressed, with a
// manifest) and the server. `--watch` rebuilds on change (used by `npm run dev`).
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const CLIENT_DIR = 'dist/client';
const SERVER_DIR = 'dist/server';
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const watch = process.argv.includes('--watch');
// Stylesheets that are their own entry, linked only by one page (DESIGN §8: CSS imported
// by a lazy chunk would land in the entry's CSS, which every page links).
const PAGE_STYLESHEETS = { 'client/editor/editor.css': 'client/pages/editor/page.tsx' };

const clientOptions = {
  entryPoints: ['client/entry.tsx', 'client/styles/app.css', ...Object.keys(PAGE_STYLESHEETS)],
  outdir: CLIENT_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome100', 'safari15', 'firefox100'],
  minify: true,
  // Maps are written beside the files but not named in them: the comment cost every chunk
  // ~40 gzip bytes (1.2 kB on an article page); devtools can still load a map by hand.
  sourcemap: 'external',
  metafile: true,
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: 'asset-[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // Module scripts are always read as UTF-8: CJK text stays 3 bytes a character instead of a 6-byte \u escape.
  charset: 'utf8',
  logLevel: 'warning',
  plugins: [afterClientBuild()],
};

const serverOptions = {
  entryPoints: ['server/index.ts'],
  outdir: SERVER_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
};

/** After each client build: refuse server code, write the manifest, pre-compress. */
function afterClientBuild() {
  return {
    name: 'manifest',
    setup(build) {
      build.onStart(() => fs.rm(CLIENT_DIR, { recursive: true, force: true }));
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || !result.metafile) return;
        const leaked = Object.keys(result.metafile.inputs).filter((input) => input.startsWith('server/'));
        if (leaked.length > 0) {
          result.errors.push({ text: `server code in the client bundle: ${leaked.join(', ')}` });
          throw new Error(`server code in the client bundle: ${leaked.join(', ')}`);
        }
        const manifest = buildManifest(result.metafile);
        await fs.writeFile(path.join(CLIENT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2));
        await precompress(Object.keys(result.metafile.outputs));
      });
    },
  };
}

function buildManifest(metafile) {
  const url = (file) => `/static/${path.relative(CLIENT_DIR, file).split(path.sep).join('/')}`;
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement') closure(imported.path, seen);
    }
    return seen;
  };
  const modules = {};
  let entry;
  const css = [];
  const pageCss = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    if (file.endsWith('.css')) {
      const page = output.entryPoint ? PAGE_STYLESHEETS[output.entryPoint] : undefined;
      if (page) (pageCss[page] ??= []).push(url(file));
      else if (output.entryPoint) css.push(url(file));
      continue;
    }
    if (!output.entryPoint) continue;
    modules[output.entryPoint] = [...closure(file)].map(url);
    if (output.entryPoint === 'client/entry.tsx') entry = url(file);
  }
  if (!entry) throw new Error('no client entry in the build output');
  return { entry, css, pageCss, modules };
}

async function precompress(files) {
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const data = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(data, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }),
  );
}

if (watch) {
  const [client, server] = await Promise.all([esbuild.context(clientOptions), esbuild.context(serverOptions)]);
  await Promise.all([client.watch(), server.watch()]);
  console.log('watching client/, server/ and shared/ for changes');
} else {
  await fs.rm(SERVER_DIR, { recursive: true, force: true });
  await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
}
