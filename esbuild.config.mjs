// The one build configuration (docs/decisions/057), by esbuild: the browser's scripts (ESM, split,
// minified, hashed, pre-compressed, with a manifest), the stylesheets and the server.
// `node esbuild.config.mjs` builds once (`npm run build`); `--watch` rebuilds on change with
// esbuild's own contexts (`npm run dev`).
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';

const brotli = promisify(zlib.brotliCompress);
export const CLIENT_DIR = 'dist/client';
export const SERVER_DIR = 'dist/server';
const ENTRY = 'client/entry.tsx';
/** Everything the entry runs, without running it: every lazily loaded module imports it too (below). */
const SHELL = path.resolve('client/app.tsx');
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const TARGETS = ['chrome100', 'safari15', 'firefox100'];
// Stylesheets that are their own entry, linked only by one page (docs/design.md §8: CSS imported
// by a lazy chunk would land in the entry's CSS, which every page links).
/** @type {Record<string, string>} */
const PAGE_STYLESHEETS = { 'client/editor/editor.css': 'client/pages/editor/page.tsx' };

// React Router's package exports only its development build (warnings, invariant messages);
// its production build ships beside it. Both bundles take that one, and the server bundles it
// so that Node never loads the development copy (the parts that import `cookie` are not used;
// tests/http/serverDependencies.test.ts would fail if they were, that package not being ours).
const REACT_ROUTER_PRODUCTION = {
  'react-router/dom': path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  'react-router': path.resolve('node_modules/react-router/dist/production/index.mjs'),
  'react-router-dom': path.resolve('node_modules/react-router-dom/dist/index.mjs'),
};

const LAZY = 'lazy-module';

/**
 * esbuild puts each module in a chunk of its own for each set of entry points (the entry and every
 * `import()` target) that reach it, and cannot merge chunks: left alone, a reader's first page
 * loaded 26 to 32 files (docs/decisions/032). So every module loaded by `import()` is wrapped in
 * one that also imports the shell: everything the entry reaches is then reached by every entry
 * point, and is one chunk. The pages readers land on are imported by the shell
 * (client/routing/readerPages.ts), so a first visit loads the entry, that chunk and a catalogue.
 * @type {esbuild.Plugin}
 */
const oneShellChunk = {
  name: 'one-shell-chunk',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === LAZY) return undefined;
      const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer, pluginData: LAZY });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (!/\.tsx?$/.test(resolved.path)) return resolved;
      return { path: resolved.path, namespace: LAZY };
    });
    build.onLoad({ filter: /.*/, namespace: LAZY }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const target = JSON.stringify(args.path);
      const hasDefault = /\bexport\s+default\b|\bas\s+default\b/.test(source);
      return {
        contents: `import ${JSON.stringify(SHELL)};\nexport * from ${target};\n${hasDefault ? `export { default } from ${target};\n` : ''}`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

/**
 * React Router's production build names its components and contexts for devtools
 * (`Link.displayName = "Link"`) and calls `forwardRef`, `createContext` and `memo` unannotated:
 * to esbuild each is a side effect, so every component of the package stayed in the bundle
 * (`Form`, `ScrollRestoration`, the fetchers…) whatever the site imports. Without the names, and
 * with those calls marked pure, what the site does not use is left out.
 * @type {esbuild.Plugin}
 */
const treeShakenReactRouter = {
  name: 'tree-shaken-react-router',
  setup(build) {
    build.onLoad({ filter: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      const contents = source
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/\b(React\d*\.(?:forwardRef|createContext|memo)\()/g, '/* @__PURE__ */ $1');
      return { contents, loader: 'js' };
    });
  },
};

/** @satisfies {esbuild.BuildOptions} */
export const scriptOptions = {
  entryPoints: [ENTRY],
  outdir: CLIENT_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: TARGETS,
  minify: true,
  legalComments: 'none',
  // Chinese text as it is, not as \u escapes (the catalogues: fewer bytes, before and after gzip).
  charset: 'utf8',
  // Maps are written beside the files but not named in them (the comment cost every chunk bytes); devtools can load one by hand.
  sourcemap: 'external',
  metafile: true,
  jsx: 'automatic',
  alias: REACT_ROUTER_PRODUCTION,
  define: { 'process.env.NODE_ENV': '"production"' },
  entryNames: '[name]-[hash]',
  // Shared chunks are `chunk-…`; a module loaded by `import()` keeps its own name (`zh-CN-…`, `page-…`).
  chunkNames: '[name]-[hash]',
  plugins: [oneShellChunk, treeShakenReactRouter],
  logLevel: 'warning',
};

/** @satisfies {esbuild.BuildOptions} */
export const stylesheetOptions = {
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

/** @satisfies {esbuild.BuildOptions} */
export const serverOptions = {
  entryPoints: ['server/index.ts'],
  outdir: SERVER_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: REACT_ROUTER_PRODUCTION,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
};

/** A file of the build as the server names it: `/static/…`. */
const url = (/** @type {string} */ file) => `/static/${path.relative(CLIENT_DIR, file).split(path.sep).join('/')}`;

/** A source module's path from the project's root, as the manifest keys it (a wrapped one by the module it wraps).
 * @param {string} input
 */
function sourceOf(input) {
  const file = input.startsWith(`${LAZY}:`) ? input.slice(LAZY.length + 1) : input;
  return path.relative(process.cwd(), path.resolve(file)).split(path.sep).join('/');
}

/** The manifest: the entry, the stylesheets, and for every module of ours the chunks its first use loads.
 * @param {esbuild.Metafile} scripts
 * @param {esbuild.Metafile} stylesheets
 */
export function manifestOf(scripts, stylesheets) {
  const outputs = Object.entries(scripts.outputs).filter(([file]) => file.endsWith('.js'));
  const leaked = outputs.flatMap(([, output]) => Object.keys(output.inputs)).filter((input) => sourceOf(input).startsWith('server/'));
  if (leaked.length > 0) throw new Error(`server code in the client bundle: ${[...new Set(leaked)].join(', ')}`);
  /** @type {(file: string, seen?: Set<string>) => Set<string>} */
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of scripts.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') closure(imported.path, seen);
    return seen;
  };
  const urlsOf = (/** @type {string} */ file) => [...closure(file)].map(url);
  const entryFile = outputs.find(([, output]) => output.entryPoint === ENTRY)?.[0];
  if (!entryFile) throw new Error('no client entry in the build output');
  const loadedFirst = closure(entryFile);
  /** @type {Record<string, string[]>} */
  const modules = {};
  for (const [file, output] of outputs) {
    for (const input of Object.keys(output.inputs)) {
      const source = sourceOf(input);
      if (source.startsWith('client/') && !input.startsWith(`${LAZY}:`)) modules[source] ??= urlsOf(file);
    }
  }
  // A module loaded by `import()`, unless the entry has it already (the reader pages): its wrapper's file first, then the chunks that one imports.
  for (const [file, output] of outputs) {
    if (!output.entryPoint || output.entryPoint === ENTRY) continue;
    const source = sourceOf(output.entryPoint);
    const code = outputs.find(([, chunk]) => Object.keys(chunk.inputs).some((input) => !input.startsWith(`${LAZY}:`) && sourceOf(input) === source))?.[0];
    if (code && loadedFirst.has(code)) continue;
    modules[source] = urlsOf(file);
  }
  const entry = url(entryFile);
  /** @type {string[]} */
  const css = [];
  /** @type {Record<string, string[]>} */
  const pageCss = {};
  for (const [file, output] of Object.entries(stylesheets.outputs)) {
    if (!file.endsWith('.css') || !output.entryPoint) continue;
    const page = PAGE_STYLESHEETS[output.entryPoint];
    if (page) (pageCss[page] ??= []).push(url(file));
    else css.push(url(file));
  }
  return { entry, css, pageCss, modules };
}

/**
 * @param {esbuild.Metafile} scripts
 * @param {esbuild.Metafile} stylesheets
 */
async function writeManifest(scripts, stylesheets) {
  const manifest = manifestOf(scripts, stylesheets);
  await fs.writeFile(path.join(CLIENT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

/** Writes `.gz` (Zopfli: ordinary gzip a few percent smaller than zlib's best, once, at build time) and `.br` beside each file.
 * @param {esbuild.Metafile[]} metafiles
 */
async function precompress(metafiles) {
  const files = metafiles.flatMap((metafile) => Object.keys(metafile.outputs)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.readFile(file);
      const [br, gz] = await Promise.all([brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), zopfliGzip(data, { numiterations: 5 })]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** One build of everything. */
export async function build() {
  await Promise.all([fs.rm(CLIENT_DIR, { recursive: true, force: true }), fs.rm(SERVER_DIR, { recursive: true, force: true })]);
  const [scripts, stylesheets] = await Promise.all([esbuild.build(scriptOptions), esbuild.build(stylesheetOptions), esbuild.build(serverOptions)]);
  await writeManifest(scripts.metafile, stylesheets.metafile);
  await precompress([scripts.metafile, stylesheets.metafile]);
}

/** Builds, then rebuilds whatever changes: the manifest is written again after each browser build. */
export async function watch() {
  await Promise.all([fs.rm(CLIENT_DIR, { recursive: true, force: true }), fs.rm(SERVER_DIR, { recursive: true, force: true })]);
  /** @type {{ scripts: esbuild.Metafile | null, stylesheets: esbuild.Metafile | null }} */
  const latest = { scripts: null, stylesheets: null };
  /** @type {(kind: 'scripts' | 'stylesheets') => esbuild.Plugin} */
  const afterEach = (kind) => ({
    name: `manifest-after-${kind}`,
    setup(context) {
      context.onEnd(async (result) => {
        if (result.errors.length > 0 || !result.metafile) return;
        latest[kind] = result.metafile;
        await precompress([result.metafile]);
        if (!latest.scripts || !latest.stylesheets) return;
        await writeManifest(latest.scripts, latest.stylesheets);
        console.log(`client rebuilt (${kind})`);
      });
    },
  });
  const contexts = await Promise.all([
    esbuild.context({ ...scriptOptions, plugins: [...scriptOptions.plugins, afterEach('scripts')] }),
    esbuild.context({ ...stylesheetOptions, plugins: [afterEach('stylesheets')] }),
    esbuild.context(serverOptions),
  ]);
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('watching client/, server/ and shared/ for changes');
  return contexts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--watch')) await watch();
  else await build();
}
