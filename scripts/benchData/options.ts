import path from 'node:path';
import { parseArgs } from 'node:util';

export type EngineName = 'sqlite' | 'pg';

export interface Options {
  engines: EngineName[];
  scale: number;
  rebuild: boolean;
  skipSearchIndex: boolean;
  /** Only build (or check) the databases. */
  buildOnly: boolean;
  /** Sequential requests measured per row, after the warm-up. */
  requests: number;
  warmup: number;
  /** Seconds of each 50-connection run. */
  loadSeconds: number;
  connections: number;
  /** At most this many seconds of sequential requests per row (a slow request gets fewer samples). */
  rowBudgetSeconds: number;
  dataDir: string;
  pgUrl: string;
}

/** The flags of `npm run bench:data -- ...` and their environment variables; see index.ts. */
export function parseOptions(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      engine: { type: 'string', default: 'both' },
      scale: { type: 'string', default: process.env.BENCH_DATA_SCALE ?? '1' },
      rebuild: { type: 'boolean', default: false },
      'skip-search-index': { type: 'boolean', default: false },
      'build-only': { type: 'boolean', default: false },
      requests: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '20' },
      'row-budget': { type: 'string', default: process.env.BENCH_DATA_ROW_SECONDS ?? '20' },
    },
  });
  const engine = values.engine;
  if (engine !== 'sqlite' && engine !== 'pg' && engine !== 'both') throw new Error('--engine is sqlite, pg or both');
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale is a number in (0, 1]');
  const positive = (raw: string, name: string) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} is a positive number`);
    return n;
  };
  return {
    engines: engine === 'both' ? ['sqlite', 'pg'] : [engine],
    scale,
    rebuild: values.rebuild,
    skipSearchIndex: values['skip-search-index'],
    buildOnly: values['build-only'],
    requests: Math.round(positive(values.requests, '--requests')),
    warmup: Math.round(Number(values.warmup)),
    loadSeconds: positive(process.env.BENCH_SECONDS ?? '8', 'BENCH_SECONDS'),
    connections: Math.round(positive(process.env.BENCH_CONNECTIONS ?? '50', 'BENCH_CONNECTIONS')),
    rowBudgetSeconds: positive(values['row-budget'], '--row-budget'),
    dataDir: path.resolve(process.env.BENCH_DATA_DIR ?? 'data/bench-data/sqlite'),
    pgUrl: process.env.BENCH_DATA_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/zine_bench',
  };
}
