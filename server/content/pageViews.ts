import type { Kysely } from 'kysely';
import type { AccountRole } from '../../shared/entities';
import { PAGE_VIEW_LIMITS, quotaMonth } from '../../shared/pageViewQuota';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { contentChanged } from './changes';

/** The author of an article being read, with the role their quota follows. */
export interface QuotaAuthor {
  id: number;
  role: AccountRole;
}

/** What the reading rules ask of the page-view counter (readArticle's last check). */
export interface PageViewGate {
  /** False when the author's month is used up; otherwise counts this read and answers true. */
  admit(author: QuotaAuthor, now: number): Promise<boolean>;
}

export interface PageViewCounterOptions {
  db: Kysely<DB>;
  now: () => number;
  /** How often counts go to the database (and totals are re-read). */
  flushMs?: number;
  /** The limit of a role; tests inject small ones. */
  limitOf?: (role: AccountRole) => number | null;
  logger?: Logger;
}

interface Known {
  month: string;
  count: number;
  at: number;
}

export const DEFAULT_FLUSH_MS = 3000;

/**
 * Page views per author and UTC month, counted in memory and added to the database
 * every few seconds (one upsert per author), so a cached read never waits on the disk.
 * An author's use is what the database held at the last flush or read (every process's
 * flushed counts) plus this process's unflushed views: other processes' views arrive
 * at most one flush interval late (docs/decisions/009).
 */
export class PageViewCounter implements PageViewGate {
  private readonly pending = new Map<string, { authorId: number; month: string; count: number }>();
  /** Counts on their way to the database: still counted until their upsert lands. */
  private readonly inflight = new Map<string, number>();
  private readonly known = new Map<number, Known>();
  private readonly limits = new Map<number, number | null>();
  private readonly reported = new Map<number, string>();
  private readonly flushMs: number;
  private readonly limitOf: (role: AccountRole) => number | null;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: PageViewCounterOptions) {
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
    this.limitOf = options.limitOf ?? ((role) => PAGE_VIEW_LIMITS[role]);
  }

  async admit(author: QuotaAuthor, now: number): Promise<boolean> {
    const limit = this.limitOf(author.role);
    this.limits.set(author.id, limit);
    if (limit !== null && (await this.used(author.id, now)) >= limit) return false;
    this.count(author.id, now);
    return true;
  }

  /** Counts one view (a cached page served) without checking the quota. */
  count(authorId: number, now: number): void {
    const month = quotaMonth(now);
    const key = `${authorId}:${month}`;
    const entry = this.pending.get(key);
    if (entry) entry.count += 1;
    else this.pending.set(key, { authorId, month, count: 1 });
  }

  /** Without waiting: whether this process already knows the author's month is used up. */
  knownExhausted(authorId: number, now: number): boolean {
    const limit = this.limits.get(authorId);
    if (limit === undefined || limit === null) return false;
    const month = quotaMonth(now);
    const known = this.known.get(authorId);
    return (known?.month === month ? known.count : 0) + this.unflushed(authorId, month) >= limit;
  }

  /** The author's views this month: flushed (re-read when older than a flush interval) plus unflushed. */
  async used(authorId: number, now: number): Promise<number> {
    const month = quotaMonth(now);
    let known = this.known.get(authorId);
    if (!known || known.month !== month || now - known.at >= this.flushMs || now < known.at) {
      const row = await this.options.db
        .selectFrom('page_views')
        .select('count')
        .where('author_id', '=', authorId)
        .where('month', '=', month)
        .executeTakeFirst();
      known = { month, count: Number(row?.count ?? 0), at: now };
      this.known.set(authorId, known);
    }
    return known.count + this.unflushed(authorId, month);
  }

  /** Adds the unflushed counts to the database, one upsert per author and month. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  /** Flushes every few seconds until stopped. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and flushes what is left (graceful shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private addInflight(key: string, change: number): void {
    const count = (this.inflight.get(key) ?? 0) + change;
    if (count > 0) this.inflight.set(key, count);
    else this.inflight.delete(key);
  }

  private unflushed(authorId: number, month: string): number {
    const key = `${authorId}:${month}`;
    return (this.pending.get(key)?.count ?? 0) + (this.inflight.get(key) ?? 0);
  }

  private async flushNow(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending.clear();
    for (const entry of batch) this.addInflight(`${entry.authorId}:${entry.month}`, entry.count);
    const exhausted: number[] = [];
    const now = this.options.now();
    for (const entry of batch) {
      const key = `${entry.authorId}:${entry.month}`;
      try {
        const row = await this.options.db
          .insertInto('page_views')
          .values({ author_id: entry.authorId, month: entry.month, count: entry.count })
          .onConflict((oc) => oc.columns(['author_id', 'month']).doUpdateSet((eb) => ({ count: eb('page_views.count', '+', eb.ref('excluded.count')) })))
          .returning('count')
          .executeTakeFirstOrThrow();
        this.addInflight(key, -entry.count);
        const total = Number(row.count);
        if (entry.month === quotaMonth(now)) this.known.set(entry.authorId, { month: entry.month, count: total, at: now });
        const limit = this.limits.get(entry.authorId);
        if (limit !== undefined && limit !== null && total >= limit && this.reported.get(entry.authorId) !== entry.month) {
          this.reported.set(entry.authorId, entry.month);
          exhausted.push(entry.authorId);
        }
      } catch (error) {
        // Kept for the next flush rather than lost (the database may be briefly unavailable).
        this.addInflight(key, -entry.count);
        const later = this.pending.get(key);
        if (later) later.count += entry.count;
        else this.pending.set(key, entry);
        this.options.logger?.error({ err: error }, 'page views could not be flushed');
      }
    }
    if (exhausted.length > 0) await this.exhausted(exhausted, now);
  }

  /** A used-up month changes what the author's pages show: every process drops its cached ones. */
  private async exhausted(authorIds: number[], now: number): Promise<void> {
    try {
      const authors = await this.options.db.selectFrom('users').select('username').where('id', 'in', authorIds).execute();
      await contentChanged(
        this.options.db,
        authors.map((a) => `author:${a.username}` as const),
        now,
      );
    } catch (error) {
      this.options.logger?.error({ err: error }, 'could not record used-up page-view quotas');
    }
  }
}
