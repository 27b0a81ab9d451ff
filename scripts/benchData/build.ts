import fs from 'node:fs';
import { hashPassword } from '../../server/accounts/passwords';
import { counterHooks } from './counters';
import { generateAll } from './generate';
import { sqliteMarker, sqliteTarget, startSqliteLoad } from './load/sqlite';
import { pgMarker, pgSize, startPgLoad } from './load/pg';
import { rebuildIndex, searchIndexPhase } from './load/searchIndex';
import { reusable, schemaFingerprint, writeMarker, type Marker } from './meta';
import { migrate, openDatabase } from '../../server/db/connection';
import { sql } from 'kysely';
import type { EngineName, Options } from './options';
import { BENCH_PASSWORD, GENERATOR_VERSION, planFor } from './plan';
import { fanOut, type Sink } from './sink';
import { Phases } from './timing';

export interface BuiltDatabase {
  engine: EngineName;
  reused: boolean;
  marker: Marker;
  /** Phases of this run's build (empty when reused). */
  phases: { name: string; seconds: number }[];
  sizeBytes: number;
  /** The search index build's seconds: this run's, or the marker's. */
  searchIndexSeconds: number | null;
}

/**
 * Builds the large database of every engine asked for, or reuses one whose marker matches. Engines
 * that need a build get the same rows in one pass of the generator (fanned out to both sinks).
 */
export async function buildDatabases(options: Options, log: (line: string) => void): Promise<BuiltDatabase[]> {
  const target = sqliteTarget(options.dataDir);
  const needIndex = !options.skipSearchIndex;
  const existing: Record<EngineName, Marker | null> = {
    sqlite: options.engines.includes('sqlite') ? sqliteMarker(target) : null,
    pg: options.engines.includes('pg') ? await pgMarker(options.pgUrl).catch(() => null) : null,
  };
  const toBuild = options.engines.filter((e) => options.rebuild || !reusable(existing[e], GENERATOR_VERSION, options.scale, false));
  // Built without the search index (--skip-search-index) and wanted with it now: only the index is built.
  const toIndex = options.engines.filter((e) => !toBuild.includes(e) && needIndex && !reusable(existing[e], GENERATOR_VERSION, options.scale, true));
  const phases = new Phases(log);
  const marker: Marker = {
    version: GENERATOR_VERSION,
    scale: options.scale,
    counters: false,
    searchIndex: needIndex,
    builtAt: new Date().toISOString(),
    searchIndexSeconds: null,
    schema: schemaFingerprint(),
  };

  if (toBuild.length > 0) {
    const plan = planFor(options.scale);
    log(`building ${toBuild.join(' and ')} at scale ${options.scale}: ${JSON.stringify(plan)}`);
    const sqliteCounters = counterHooks('sqlite');
    const pgCounters = counterHooks('postgres');
    marker.counters = true;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const loads = await phases.run('prepare (migrations, indexes dropped)', async () => ({
      sqlite: toBuild.includes('sqlite') ? await startSqliteLoad(target, sqliteCounters) : null,
      pg: toBuild.includes('pg') ? await startPgLoad(options.pgUrl, pgCounters) : null,
    }));
    const sinks: Sink[] = [loads.sqlite?.sink, loads.pg?.sink].filter((s): s is Sink => s !== undefined);
    await phases.run(`generate and load rows (${toBuild.join(' + ')})`, () => generateAll(plan, fanOut(sinks), passwordHash, log));
    if (loads.sqlite) {
      await loads.sqlite.complete(phases, { counters: sqliteCounters, searchIndex: needIndex, marker: withIndexTime(marker, phases, 'sqlite') });
    }
    if (loads.pg) await loads.pg.complete(phases, { counters: pgCounters, searchIndex: needIndex, marker: withIndexTime(marker, phases, 'pg') });
  }

  for (const engine of toIndex) {
    const before = existing[engine];
    if (!before) continue;
    log(`${engine}: the data is there (built ${before.builtAt}) without the search index: building the index alone`);
    await completeIndex(engine, options, phases, before);
  }

  const built: BuiltDatabase[] = [];
  for (const engine of options.engines) {
    const reused = !toBuild.includes(engine) && !toIndex.includes(engine);
    const own = phases.done.filter((p) => p.name.startsWith(`${engine}:`) || !/^(sqlite|pg):/.test(p.name));
    const sizeBytes = engine === 'sqlite' ? fileSize(target.file) : await pgSize(options.pgUrl);
    const final = reused ? existing[engine] : engine === 'sqlite' ? sqliteMarker(target) : await pgMarker(options.pgUrl);
    if (!final) throw new Error(`the ${engine} database has no marker after its build`);
    const indexSeconds = phases.seconds(searchIndexPhase(engine));
    if (reused && final.schema !== marker.schema) {
      log(
        `${engine}: WARNING: the migrations or counter triggers changed since this database was built; a migration edited in place is not applied again (--rebuild)`,
      );
    }
    built.push({
      engine,
      reused,
      marker: final,
      phases: reused ? [] : own,
      sizeBytes,
      searchIndexSeconds: indexSeconds ?? final.searchIndexSeconds,
    });
    log(
      `${engine}: ${reused ? `reused (built ${final.builtAt})` : 'built'}, ${(sizeBytes / 1e9).toFixed(2)} GB${
        engine === 'sqlite' ? ` at ${target.file}` : ` at ${options.pgUrl}`
      }`,
    );
  }
  return built;
}

/** The search index of a database whose rows are complete, then its marker (VACUUM ANALYZE again on PostgreSQL). */
async function completeIndex(engine: EngineName, options: Options, phases: Phases, before: Marker): Promise<void> {
  const target = sqliteTarget(options.dataDir);
  const database =
    engine === 'sqlite' ? openDatabase({ dataDir: target.dataDir, sqlitePath: target.file }) : openDatabase({ dataDir: 'data', databaseUrl: options.pgUrl });
  try {
    // Migrations that landed since the build first (one may replace the index's tables), as the server's start would.
    await phases.run(`${engine}: pending migrations`, () => migrate(database));
    const seconds = await rebuildIndex(phases, engine, database.db).then(() => phases.seconds(searchIndexPhase(engine)) ?? null);
    if (engine === 'pg') await phases.run('pg: vacuum analyze', async () => void (await sql`vacuum (analyze) search_documents`.execute(database.db)));
    // The index's gigabytes into the file now, not at the server's first start.
    else await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    await writeMarker(database.db, { ...before, searchIndex: true, searchIndexSeconds: seconds });
  } finally {
    await database.close();
  }
}

/** The marker as written by an engine's completion: its own search index time. */
function withIndexTime(marker: Marker, phases: Phases, engine: EngineName): Marker {
  // A getter: read when the completion writes the marker, after the index phase.
  return {
    ...marker,
    get searchIndexSeconds() {
      return phases.seconds(searchIndexPhase(engine)) ?? null;
    },
  };
}

function fileSize(file: string): number {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += fs.statSync(`${file}${suffix}`).size;
    } catch {
      // absent
    }
  }
  return total;
}
