import { sql, type Kysely } from 'kysely';
import type { DB } from './db/schema';
import { pdfQueueStats } from './pdf/pdfQueueStats';

/** What /healthz answers: `ok` sets 200 or 503, `body` is the JSON. */
export interface HealthReport {
  ok: boolean;
  body: Record<string, unknown>;
}

/** The media store as health sees it: the check is optional (an S3 or disk store may have one). */
export interface MediaHealth {
  readonly origin: string;
  health?(): Promise<{ ok: boolean; detail: string }>;
}

export interface EmbeddedHealthDeps {
  db: Kysely<DB>;
  media: MediaHealth;
  now: () => number;
  /** How long each check may take before it counts as failed. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2000;

/**
 * The embedded backend's health: the database (a trivial query), the PDF queue (reported, never
 * failing: a deep queue is slow, not down) and the media store when it can check itself.
 */
export async function embeddedHealth(deps: EmbeddedHealthDeps): Promise<HealthReport> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const [database, pdfQueue, media] = await Promise.all([
    within(timeoutMs, databaseAnswers(deps.db)),
    within(timeoutMs, pdfQueueStats(deps.db, deps.now())),
    deps.media.health ? within(timeoutMs, deps.media.health()) : Promise.resolve(undefined),
  ]);
  const databaseOk = database.ok && database.value;
  const mediaOk = media === undefined || (media.ok && media.value.ok);
  return {
    ok: databaseOk && mediaOk,
    body: {
      status: databaseOk && mediaOk ? 'ok' : 'unavailable',
      database: databaseOk ? 'ok' : 'unreachable',
      pdfQueue: pdfQueue.ok ? pdfQueue.value : { error: pdfQueue.error },
      ...(media === undefined ? {} : { media: media.ok ? media.value : { ok: false, detail: media.error } }),
    },
  };
}

async function databaseAnswers(db: Kysely<DB>): Promise<boolean> {
  await sql`select 1`.execute(db);
  return true;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The check's result, or its failure: an error or no answer within `ms`. */
function within<T>(ms: number, check: Promise<T>): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${ms} ms` }), ms);
  });
  const settled = check.then(
    (value): Outcome<T> => ({ ok: true, value }),
    // The cause goes unsaid: /healthz is public.
    (): Outcome<T> => ({ ok: false, error: 'failed' }),
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}
