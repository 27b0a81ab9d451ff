import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { runOnceAcrossFleet } from '../jobs/runOnceAcrossFleet';

export interface DatabaseRateLimitStoreOptions {
  db: Kysely<DB>;
  /** Names the limiter: two limiters never share counts (e.g. `sign-in:`). */
  prefix: string;
  /** The wall clock (tests move it); every process of the fleet must agree on it. */
  now?: () => number;
  /** Told when pruning expired windows fails (the request it rode on is answered anyway). */
  onPruneError?: (error: unknown) => void;
}

/** How often the fleet deletes expired windows, one process at a time. */
export const PRUNE_EVERY_MS = 10 * 60_000;

/** Deletes every window that has reset; answers how many. */
export async function pruneExpiredRateLimits(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An express-rate-limit store counting in the `rate_limits` table (migration 023), so every process
 * on one database counts the same hits (docs/decisions/042). A fixed window per client, as the
 * memory store has: it starts at the first hit and resets `windowMs` later. Each change is one
 * statement, atomic on SQLite and PostgreSQL alike.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private nextPruneAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: DatabaseRateLimitStoreOptions) {
    this.prefix = options.prefix;
    this.now = options.now ?? Date.now;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.options.db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', this.prefix + key)
      .where('reset_at', '>', this.now())
      .executeTakeFirst();
    return row ? { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.now();
    const resetAt = now + this.windowMs;
    // An expired window restarts at 1 in the same statement, so no hit is lost to a concurrent one.
    const row = await this.options.db
      .insertInto('rate_limits')
      .values({ key: this.prefix + key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb('rate_limits.reset_at', '<=', now);
          return {
            hits: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limits.hits', '+', 1))
              .end(),
            reset_at: eb.case().when(expired).then(resetAt).else(eb.ref('rate_limits.reset_at')).end(),
          };
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    await this.pruneWhenDue(now);
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.options.db
      .updateTable('rate_limits')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('key', '=', this.prefix + key)
      .where('hits', '>', 0)
      .where('reset_at', '>', this.now())
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.options.db
      .deleteFrom('rate_limits')
      .where('key', '=', this.prefix + key)
      .execute();
  }

  /** Every PRUNE_EVERY_MS a store asks; the lease lets one caller of the whole fleet delete. */
  private async pruneWhenDue(now: number): Promise<void> {
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    try {
      await runOnceAcrossFleet(this.options.db, { name: 'rate-limits-prune', ttlMs: PRUNE_EVERY_MS, now: this.now }, () =>
        pruneExpiredRateLimits(this.options.db, now),
      );
    } catch (error) {
      this.options.onPruneError?.(error);
    }
  }
}
