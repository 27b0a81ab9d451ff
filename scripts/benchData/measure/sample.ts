import autocannon from 'autocannon';
import { BROWSER, timedGet, type Headers } from './http';

export interface Sample {
  path: string;
  /** 200, or the first other status seen (then the row fails). */
  status: number;
  /** Answers that were not 200, of all (warm-up included). */
  failures: number;
  n: number;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

export interface SampleOptions {
  warmup: number;
  requests: number;
  /** Seconds at most for the row: a slow request gets fewer samples (at least 5 after a shorter warm-up). */
  budgetSeconds: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Warm-up requests, then sequential ones on one kept-alive connection: p50 and p95 of the times to the last byte. */
export async function sequential(origin: string, path: string, headers: () => Headers, options: SampleOptions): Promise<Sample> {
  const started = performance.now();
  const budgetMs = options.budgetSeconds * 1000;
  let status = 200;
  let failures = 0;
  let bytes = 0;
  const note = (s: number) => {
    if (s !== 200) {
      failures++;
      if (status === 200) status = s;
    }
  };
  for (let i = 0; i < options.warmup; i++) {
    const t = await timedGet(origin + path, headers());
    note(t.status);
    if (performance.now() - started > budgetMs / 3) break;
  }
  const times: number[] = [];
  const measured = performance.now();
  for (let i = 0; i < options.requests; i++) {
    const t = await timedGet(origin + path, headers());
    note(t.status);
    bytes = t.bytes;
    times.push(t.ms);
    if (times.length >= 5 && performance.now() - measured > budgetMs) break;
  }
  times.sort((a, b) => a - b);
  return { path, status, failures, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? NaN, bytes };
}

export interface Load {
  path: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** `connections` at once for `seconds` (after a second's warm-up), as `npm run bench` drives the server. */
export async function concurrent(origin: string, path: string, headers: Headers, connections: number, seconds: number): Promise<Load> {
  const url = origin + path;
  const all = { ...BROWSER, ...headers };
  await autocannon({ url, headers: all, connections, duration: 1 });
  const result = await autocannon({ url, headers: all, connections, duration: seconds });
  return { path, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}
