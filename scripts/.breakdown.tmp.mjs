import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
process.chdir('/work/main');
const manifest = JSON.parse(fs.readFileSync('dist/client/manifest.json', 'utf8'));
const r = await esbuild.build({ entryPoints: ['client/entry.tsx'], outdir: '/tmp/meta-out', bundle: true, splitting: true, format: 'esm', platform: 'browser', target: ['chrome100', 'safari15', 'firefox100'], minify: true, jsx: 'automatic', entryNames: '[name]-[hash]', chunkNames: '[name]-[hash]', define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none', charset: 'utf8', metafile: true, write: false, loader: { '.css': 'empty', '.woff2': 'empty', '.woff': 'empty', '.svg': 'dataurl' }, logLevel: 'error' });
// find which outputs the article page loads: use the real manifest's list of files, map by hash name
const { modulePreloads } = ({});
const byOut = r.metafile.outputs;
const want = (process.argv[2] ?? 'client/pages/article/page.tsx');
// closure over imports from entry + the page's entry chunk
const outs = Object.entries(byOut).filter(([f]) => f.endsWith('.js'));
const entryOut = outs.find(([, o]) => o.entryPoint === 'client/entry.tsx');
const pageOut = outs.find(([, o]) => o.entryPoint === want);
const catOut = outs.find(([, o]) => o.entryPoint === 'client/i18n/zh-CN.ts');
const seen = new Set();
const visit = (f) => { if (seen.has(f)) return; seen.add(f); for (const i of byOut[f].imports) if (i.kind === 'import-statement') visit(i.path); };
for (const o of [entryOut, pageOut, catOut]) if (o) visit(o[0]);
console.log('files', seen.size, 'entry', !!entryOut, 'page', !!pageOut, 'cat', !!catOut);
const by = {};
let total = 0;
for (const f of seen) for (const [inp, i] of Object.entries(byOut[f].inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(inp); const k = m ? m[1] : inp.replace(/^client\//, '').split('/').slice(0, 2).join('/');
  by[k] = (by[k] || 0) + i.bytesInOutput; total += i.bytesInOutput;
}
console.log('total minified', total);
console.log(Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${String(v).padStart(8)} ${k}`).join('\n'));
