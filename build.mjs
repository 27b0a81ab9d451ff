// Builds the browser bundle (ESM, split, minified, hashed, pre-compressed, with a manifest)
// and the server. `--watch` rebuilds on change (used by `npm run dev`). The browser's
// scripts are bundled by Rolldown (its chunk groups keep a reader's first page to a few
// files, docs/decisions/032); the stylesheets and the server by esbuild.
import * as esbuild from 'esbuild';
import { build as rolldown } from 'rolldown';
import { watch as watchFiles } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { tsImport } from 'tsx/esm/api';

const brotli = promisify(zlib.brotliCompress);
const CLIENT_DIR = 'dist/client';
const SERVER_DIR = 'dist/server';
const ENTRY = 'client/entry.tsx';
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const TARGETS = ['chrome100', 'safari15', 'firefox100'];
const watch = process.argv.includes('--watch');
// Stylesheets that are their own entry, linked only by one page (docs/design.md §8: CSS imported
// by a lazy chunk would land in the entry's CSS, which every page links).
const PAGE_STYLESHEETS = { 'client/editor/editor.css': 'client/pages/editor/page.tsx' };
// The pages readers land on from search and shares (declared `reader` in client/routing/pageModules.ts):
// their code, beyond what every page loads, is one chunk, so a first visit loads the entry, that
// chunk and a catalogue.
const { PAGES } = await tsImport('./client/routing/pageModules.ts', import.meta.url);
const READER_PAGES = Object.entries(PAGES)
  .filter(([, facts]) => facts.reader)
  .map(([name]) => name);

const stylesheetOptions = {
  entryPoints: ['client/styles/app.css', ...Object.keys(PAGE_STYLESHEETS)],
  outdir: CLIENT_DIR,
  bundle: true,
  minify: true,
  sourcemap: 'external',
  metafile: true,
  target: TARGETS,
  entryNames: '[name]-[hash]',
  assetNames: 'asset-[name]-[hash]',
  logLevel: 'warning',
};

const serverOptions = {
  entryPoints: ['server/index.ts'],
  outdir: SERVER_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
};

/** The browser's scripts, in two passes: the first finds what the reader pages need beyond the entry, the second groups it. */
async function buildScripts() {
  const first = chunksOf(await rolldown({ ...scriptOptions(true), write: false }));
  const closure = closureIn(first);
  const entry = first.find((chunk) => chunk.isEntry);
  const initial = closure(entry.fileName);
  const readerModules = new Set();
  for (const page of READER_PAGES) {
    const chunk = first.find((c) => c.facadeModuleId === path.resolve(`client/pages/${page}/page.tsx`));
    if (!chunk) throw new Error(`no chunk for the reader page ${page}`);
    for (const file of closure(chunk.fileName)) {
      if (!initial.has(file)) for (const id of first.find((c) => c.fileName === file).moduleIds) readerModules.add(id);
    }
  }
  // What every page loads stays one file: left alone, Rolldown splits each module a lazy page shares with the shell into a chunk of its own.
  const groups = [
    { name: 'reader', test: (id) => readerModules.has(id), includeDependenciesRecursively: false },
    { name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false },
  ];
  return chunksOf(await rolldown({ ...scriptOptions({ groups }), write: true }));
}

function scriptOptions(codeSplitting) {
  return {
    input: { entry: ENTRY },
    platform: 'browser',
    // The entry exports nothing; grouping without dependencies (below) needs this said.
    preserveEntrySignatures: 'allow-extension',
    logLevel: 'warn',
    // React's modules start with "use client", which means nothing in a browser bundle.
    onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
    transform: { jsx: 'react-jsx', target: TARGETS, define: { 'process.env.NODE_ENV': '"production"' } },
    output: {
      dir: CLIENT_DIR,
      format: 'esm',
      minify: true,
      // Maps are written beside the files but not named in them (the comment cost every chunk bytes); devtools can load one by hand.
      sourcemap: 'hidden',
      comments: false,
      hashCharacters: 'base36',
      entryFileNames: '[name]-[hash].js',
      chunkFileNames: '[name]-[hash].js',
      codeSplitting,
    },
  };
}

function chunksOf(result) {
  return result.output.filter((item) => item.type === 'chunk');
}

/** The files a chunk loads: itself and every chunk it imports statically, transitively. */
function closureIn(chunks) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  return closure;
}

/** Refuses server code in the browser's bundle, writes the manifest, pre-compresses. */
async function buildClient() {
  await fs.rm(CLIENT_DIR, { recursive: true, force: true });
  const [chunks, stylesheets] = await Promise.all([buildScripts(), esbuild.build(stylesheetOptions)]);
  const leaked = chunks.flatMap((chunk) => chunk.moduleIds).filter((id) => path.relative(process.cwd(), id).startsWith('server/'));
  if (leaked.length > 0) throw new Error(`server code in the client bundle: ${[...new Set(leaked)].join(', ')}`);
  const manifest = buildManifest(chunks, stylesheets.metafile);
  await fs.writeFile(path.join(CLIENT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const files = [...chunks.map((chunk) => path.join(CLIENT_DIR, chunk.fileName)), ...Object.keys(stylesheets.metafile.outputs)];
  await precompress(files);
}

function buildManifest(chunks, cssMetafile) {
  const url = (file) => `/static/${file.split(path.sep).join('/')}`;
  const closure = closureIn(chunks);
  // Every module of ours (a page, a catalogue, the entry): the chunk it is in, and every chunk that chunk loads.
  const modules = {};
  let entry;
  for (const chunk of chunks) {
    if (chunk.isEntry) entry = url(chunk.fileName);
    const urls = [...closure(chunk.fileName)].map(url);
    for (const id of chunk.moduleIds) {
      const source = path.relative(process.cwd(), id).split(path.sep).join('/');
      if (source.startsWith('client/')) modules[source] = urls;
    }
  }
  const css = [];
  const pageCss = {};
  for (const [file, output] of Object.entries(cssMetafile.outputs)) {
    if (!file.endsWith('.css') || !output.entryPoint) continue;
    const page = PAGE_STYLESHEETS[output.entryPoint];
    if (page) (pageCss[page] ??= []).push(url(path.relative(CLIENT_DIR, file)));
    else css.push(url(path.relative(CLIENT_DIR, file)));
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
        // Zopfli writes ordinary gzip a few percent smaller than zlib's best, once, at build time.
        const [br, gz] = await Promise.all([brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), zopfliGzip(data, { numiterations: 5 })]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }),
  );
}

if (watch) {
  const server = await esbuild.context(serverOptions);
  await Promise.all([server.watch(), buildClient()]);
  let timer = null;
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        buildClient().then(
          () => console.log('client rebuilt'),
          (error) => console.error(error),
        ),
      100,
    );
  };
  for (const dir of ['client', 'shared']) watchFiles(dir, { recursive: true }, rebuild);
  console.log('watching client/, server/ and shared/ for changes');
} else {
  await fs.rm(SERVER_DIR, { recursive: true, force: true });
  await Promise.all([buildClient(), esbuild.build(serverOptions)]);
}
