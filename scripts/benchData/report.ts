import fs from 'node:fs';
import path from 'node:path';
import type { BuiltDatabase } from './build';
import type { EngineResult } from './measure/engine';
import { UNMEASURABLE } from './measure/probes';
import type { Sample } from './measure/sample';
import type { Options } from './options';
import { LOAD_RATIO_TARGET, P95_TARGET_MS, REINDEX_TARGET_S, STARTUP_TARGET_MS, targetLabel } from './targets';

export interface ReportRow {
  request: string;
  demo: string;
  large: string;
  n: string;
  status: string;
  target: string;
  pass: boolean | null;
}

const ms = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : '-');
const pair = (s: Sample | undefined) => (s ? `${ms(s.p50)} / ${ms(s.p95)}` : '-');

/** The rows of one engine's table: start-up, every request, the 50-connection runs, the search index build. */
export function reportRows(result: EngineResult, built: BuiltDatabase | undefined): ReportRow[] {
  const rows: ReportRow[] = [];
  rows.push({
    request: 'start-up to first answer (s)',
    demo: (result.demo.startupMs / 1000).toFixed(2),
    large: (result.large.startupMs / 1000).toFixed(2),
    n: '1',
    status: '200',
    target: `≤ ${STARTUP_TARGET_MS / 1000} s`,
    pass: result.large.startupMs <= STARTUP_TARGET_MS,
  });
  const demoByName = new Map(result.demo.probes.map((p) => [p.name, p.sample]));
  for (const probe of result.large.probes) {
    const s = probe.sample;
    const demo = demoByName.get(probe.name);
    rows.push({
      request: probe.name,
      demo: pair(demo),
      large: pair(s),
      n: String(s.n),
      status: demo && demo.status !== 200 ? `${s.status} (demo ${demo.status})` : String(s.status),
      target: targetLabel(probe.kind),
      pass: s.status === 200 && s.p95 <= P95_TARGET_MS[probe.kind],
    });
  }
  const parts = result.large.probes.filter((p) => p.name.startsWith('sitemap part '));
  if (parts.length > 0) {
    rows.push({
      request: `sitemap parts: max of ${parts.length}`,
      demo: '-',
      large: `${ms(Math.max(...parts.map((p) => p.sample.p50)))} / ${ms(Math.max(...parts.map((p) => p.sample.p95)))}`,
      n: '',
      status: parts.every((p) => p.sample.status === 200) ? '200' : 'not all 200',
      target: targetLabel('file'),
      pass: parts.every((p) => p.sample.status === 200 && p.sample.p95 <= P95_TARGET_MS.file),
    });
  }
  for (const missing of UNMEASURABLE) rows.push({ request: missing.name, demo: '-', large: '-', n: '', status: 'n/a', target: missing.reason, pass: null });
  for (const large of result.large.loads) {
    const demo = result.demo.loads.find((l) => l.name === large.name);
    const ratio = demo && demo.load.rps > 0 ? large.load.rps / demo.load.rps : 0;
    rows.push({
      request: `${large.name} (req/s)`,
      demo: demo ? demo.load.rps.toFixed(0) : '-',
      large: `${large.load.rps.toFixed(0)} (×${ratio.toFixed(2)})`,
      n: '',
      status: large.load.non2xx + large.load.errors === 0 ? '200' : `${large.load.non2xx} non-2xx, ${large.load.errors} errors`,
      target: `large/demo ≥ ${LOAD_RATIO_TARGET}`,
      pass: ratio >= LOAD_RATIO_TARGET && large.load.non2xx + large.load.errors === 0,
    });
  }
  const reindex = built?.searchIndexSeconds ?? null;
  rows.push({
    request: `search index rebuild (s)${built?.reused ? ', from the build' : ''}`,
    demo: '-',
    large: reindex === null ? 'skipped' : reindex.toFixed(1),
    n: '',
    status: '',
    target: `≤ ${REINDEX_TARGET_S} s`,
    pass: reindex === null ? null : reindex <= REINDEX_TARGET_S,
  });
  return rows;
}

/** One table per engine: request | demo p50/p95 | large p50/p95 | n | status | target | pass/fail. */
export function printTable(engine: string, rows: readonly ReportRow[], built: BuiltDatabase | undefined): void {
  const head: ReportRow = {
    request: 'request',
    demo: 'demo p50 / p95 ms',
    large: 'large p50 / p95 ms',
    n: 'n',
    status: 'status',
    target: 'target',
    pass: null,
  };
  const width = (key: keyof Omit<ReportRow, 'pass'>) => Math.max(...[head, ...rows].map((r) => [...r[key]].length));
  const w = { request: width('request'), demo: width('demo'), large: width('large'), n: width('n'), status: width('status') };
  const line = (r: ReportRow, verdict: string) =>
    `${r.request.padEnd(w.request)} | ${r.demo.padStart(w.demo)} | ${r.large.padStart(w.large)} | ${r.n.padStart(w.n)} | ${r.status.padEnd(w.status)} | ${verdict.padEnd(4)} | ${r.target}`;
  console.log(
    `\n${engine}: large database ${built ? `${(built.sizeBytes / 1e9).toFixed(2)} GB, scale ${built.marker.scale}, built ${built.marker.builtAt}` : ''}`,
  );
  console.log(line(head, 'pass'));
  console.log('-'.repeat(w.request + w.demo + w.large + w.n + w.status + 40));
  for (const r of rows) console.log(line(r, r.pass === null ? '' : r.pass ? 'pass' : 'FAIL'));
  const failed = rows.filter((r) => r.pass === false).length;
  console.log(`${failed} of ${rows.filter((r) => r.pass !== null).length} targets fail`);
}

/** The results as JSON beside the databases: `data/bench-data/results-<engine>-<date>.json`. */
export function writeResults(options: Options, result: EngineResult, built: BuiltDatabase | undefined, rows: readonly ReportRow[]): string {
  const stamp = new Date().toISOString().replace(/[:]/g, '-').slice(0, 19);
  const file = path.join(path.dirname(options.dataDir), `results-${result.engine}-${stamp}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const json = {
    engine: result.engine,
    date: new Date().toISOString(),
    options: { scale: options.scale, requests: options.requests, warmup: options.warmup, connections: options.connections, loadSeconds: options.loadSeconds },
    database: built ?? null,
    demo: result.demo,
    large: result.large,
    table: rows,
  };
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return file;
}
