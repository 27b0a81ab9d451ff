import pg from 'pg';
import { migrate, openDatabase } from '../../../server/db/connection';
import { restoreCounters, type CounterHooks } from '../counters';
import { markerFromRows, writeMarker, type Marker } from '../meta';
import type { Sink } from '../sink';
import type { Phases } from '../timing';
import { CopyStream } from './pgCopy';
import { rebuildIndex } from './searchIndex';

/** The database's name from its URL, and the URL of the maintenance database on the same server. */
function names(url: string): { database: string; maintenance: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`BENCH_DATA_PG_URL names an unusual database: ${database}`);
  parsed.pathname = '/postgres';
  return { database, maintenance: parsed.toString() };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The marker of a complete database at this URL, if any. */
export async function pgMarker(url: string): Promise<Marker | null> {
  const { database, maintenance } = names(url);
  const exists = await withClient(maintenance, async (c) => (await c.query('select 1 from pg_database where datname = $1', [database])).rowCount);
  if (!exists) return null;
  return withClient(url, async (c) => {
    const table = await c.query<{ t: string | null }>("select to_regclass('public.bench_data_meta') as t");
    if (table.rows[0]?.t === null) return null;
    return markerFromRows((await c.query('select key, value from bench_data_meta')).rows);
  });
}

export interface PgLoad {
  sink: Sink;
  complete(phases: Phases, options: { counters: CounterHooks | null; searchIndex: boolean; marker: Marker }): Promise<void>;
}

/** Loaded tables whose `id` is an identity column: their sequences are moved past the copied ids. */
const ID_TABLES = [
  'users',
  'articles',
  'comments',
  'notifications',
  'booklets',
  'booklet_items',
  'booklet_purchases',
  'orders',
  'ledger_entries',
  'withdrawals',
];

/**
 * Starts a load into a new database: dropped and created again, the product's migrations (its own
 * `migrate`), the secondary indexes dropped (those that back no constraint; made again after the load),
 * the counter triggers dropped. Rows go in by COPY, one psql per table.
 */
export async function startPgLoad(url: string, counters: CounterHooks | null): Promise<PgLoad> {
  const { database, maintenance } = names(url);
  await withClient(maintenance, async (c) => {
    await c.query(`drop database if exists "${database}" with (force)`);
    await c.query(`create database "${database}"`);
  });
  const product = openDatabase({ databaseUrl: url, dataDir: 'data' });
  await migrate(product);
  await product.close();

  const indexes = await withClient(url, async (c) => {
    for (const statement of counters?.drop ?? []) await c.query(statement);
    const found = await c.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename not like 'search%' and i.tablename not like 'kysely%'
         and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of found.rows) await c.query(`drop index "${index.indexname}"`);
    return found.rows;
  });

  const streams: CopyStream[] = [];
  const sink: Sink = {
    table(name, columns) {
      const stream = new CopyStream(url, name, columns);
      streams.push(stream);
      return stream;
    },
    flush: async () => {
      await Promise.all(streams.map((s) => s.drain()));
    },
    finish: async () => {
      await Promise.all(streams.map((s) => s.end()));
    },
  };

  return {
    sink,
    async complete(phases, options) {
      await phases.run('pg: secondary indexes', () =>
        withClient(url, async (c) => {
          await c.query("set maintenance_work_mem = '1GB'");
          await c.query('set max_parallel_maintenance_workers = 2');
          for (const index of indexes) await c.query(index.indexdef);
        }),
      );
      await withClient(url, async (c) => {
        for (const table of ID_TABLES) {
          await c.query(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`);
        }
      });
      const database = openDatabase({ databaseUrl: url, dataDir: 'data' });
      try {
        if (options.counters) await restoreCounters(phases, 'pg', database.db, options.counters);
        if (options.searchIndex) await rebuildIndex(phases, 'pg', database.db);
        await phases.run('pg: vacuum analyze', () => withClient(url, async (c) => void (await c.query('vacuum (analyze)'))));
        await writeMarker(database.db, options.marker);
      } finally {
        await database.close();
      }
    },
  };
}

/** The database's size on disk. */
export async function pgSize(url: string): Promise<number> {
  return withClient(url, async (c) => Number((await c.query<{ size: string }>('select pg_database_size(current_database()) as size')).rows[0]?.size ?? 0));
}
