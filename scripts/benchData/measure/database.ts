import type { Cast, Who } from './cast';
import type { Headers } from './http';
import { headersOf, probesFor, type Probe } from './probes';
import { concurrent, sequential, type Load, type Sample, type SampleOptions } from './sample';
import { startServer } from './server';
import { signIn } from './session';

/** What one database answered: its start, every row, the 50-connection runs. */
export interface DatabaseResult {
  startupMs: number;
  probes: (Probe & { sample: Sample })[];
  loads: { name: string; load: Load }[];
}

export interface MeasureOptions extends SampleOptions {
  connections: number;
  loadSeconds: number;
}

/** Starts the built server on a database (`env` says which), signs the cast in and measures every row. */
export async function measureDatabase(
  label: string,
  env: Record<string, string>,
  cast: Cast,
  options: MeasureOptions,
  log: (line: string) => void,
): Promise<DatabaseResult> {
  const server = await startServer(env);
  log(`${label}: the server answered ${(server.startupMs / 1000).toFixed(2)} s after its start`);
  try {
    const sessions = {} as Record<Who, Headers>;
    for (const who of ['plain', 'heavy', 'rich', 'big'] as const) sessions[who] = await signIn(server.origin, cast.credentials[who]);
    const probes = await probesFor(server.origin, cast, sessions);
    const results: DatabaseResult['probes'] = [];
    for (const probe of probes) {
      const sample = await sequential(server.origin, probe.path, () => headersOf(probe, sessions), options);
      results.push({ ...probe, sample });
      log(`${label}: ${probe.name}: ${sample.status} p50 ${sample.p50.toFixed(1)} ms, p95 ${sample.p95.toFixed(1)} ms (n ${sample.n}, ${sample.bytes} bytes)`);
    }
    const loads: DatabaseResult['loads'] = [];
    for (const [name, path] of [
      ['home / signed in, 50 connections', '/'],
      ['hot article signed in, 50 connections', `/article/${encodeURIComponent(cast.hotSlug)}/`],
    ] as const) {
      const load = await concurrent(server.origin, path, sessions.plain, options.connections, options.loadSeconds);
      loads.push({ name, load });
      log(`${label}: ${name}: ${load.rps.toFixed(0)} req/s (p99 ${load.p99} ms, non-2xx ${load.non2xx})`);
    }
    return { startupMs: server.startupMs, probes: results, loads };
  } finally {
    await server.stop();
  }
}
