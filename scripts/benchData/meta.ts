import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../server/db/schema';

/** What `bench_data_meta` (a table of this benchmark, not the product's) says of a complete large database. */
export interface Marker {
  version: number;
  scale: number;
  /** Whether the product's stored counters were recounted after the load. */
  counters: boolean;
  /** Whether the search index was built. */
  searchIndex: boolean;
  builtAt: string;
  /** Seconds the search index took to build, when built. */
  searchIndexSeconds: number | null;
  /** A hash of the migrations' sources it was built with (see `schemaFingerprint`). */
  schema?: string;
}

/**
 * A hash of the product's migrations and counter triggers as they are now. A landed migration is never
 * edited, so a database built with another hash missed a change only when one was: the run says so.
 */
export function schemaFingerprint(): string {
  const hash = createHash('sha256');
  const folder = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
  for (const name of fs.readdirSync(folder).sort()) hash.update(name).update(fs.readFileSync(path.join(folder, name)));
  hash.update(fs.readFileSync(fileURLToPath(new URL('../../server/content/counters.ts', import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

const MARKER = z.object({
  version: z.number(),
  scale: z.number(),
  counters: z.boolean(),
  searchIndex: z.boolean(),
  builtAt: z.string(),
  searchIndexSeconds: z.number().nullable(),
  schema: z.string().optional(),
});

/** The marker from the table's rows (key, value), or null when there is none or it is not one. */
export function markerFromRows(rows: readonly unknown[]): Marker | null {
  const row = z.array(z.object({ key: z.string(), value: z.string() })).safeParse(rows);
  const raw = row.success ? row.data.find((r) => r.key === 'marker')?.value : undefined;
  if (raw === undefined) return null;
  try {
    const parsed = MARKER.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes the marker last, once everything else is in. */
export async function writeMarker(db: Kysely<DB>, marker: Marker): Promise<void> {
  await sql`create table if not exists bench_data_meta (key varchar(64) primary key, value text not null)`.execute(db);
  await sql`delete from bench_data_meta where key = 'marker'`.execute(db);
  await sql`insert into bench_data_meta (key, value) values ('marker', ${JSON.stringify(marker)})`.execute(db);
}

/** Whether a database built with this marker serves a run that wants this scale (and maybe the search index). */
export function reusable(marker: Marker | null, version: number, scale: number, needSearchIndex: boolean): marker is Marker {
  return marker !== null && marker.version === version && marker.scale === scale && (marker.searchIndex || !needSearchIndex);
}
