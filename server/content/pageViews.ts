import type { Kysely } from 'kysely';
import type { AccountRole } from '../../shared/entities';
import { PAGE_VIEW_LIMITS, quotaDay, quotaMonth } from '../../shared/pageViewQuota';
import type { DB } from '../db/schema';
import { runOnceAcrossFleet } from '../jobs/runOnceAcrossFleet';
import type { Logger } from '../logger';
import { addCounts } from '../stats/addCounts';
import { contentChanged } from './changes';
import { RecentCounts } from './recentCounts';

/** The author of an article being read, with the role their quota follows. */
export interface QuotaAuthor {
  id: number;
  role: AccountRole;
}

/** One read of an article, as the quota counts it (docs/decisions/059). */
export interface PageView {
  articleId: number;
  authorId: number;
  /** Who reads (server/security/readerKeys.ts); null for a read checked but never counted (a crawler). */
  reader: string | null;
  /**
   * An anonymous reader's address, as the day's key of it (readerKeys.ts), asked only of a reader's
   * first read of the article that day: one address adds at most `viewsPerAddress` views to an author a day.
   */
  address?: () => string;
}

/** What the reading rules ask of the page-view counter (readArticle's last check). */
export interface PageViewGate {
  /** False when the author's month is used up; otherwise counts the read (once a day per reader and article) and answers true. */
  admit(author: QuotaAuthor, view: PageView, now: number): Promise<boolean>;
}

/** A read to count: the gate, and who reads (null: checked against the quota, never counted) and from where. */
export interface CountedRead {
  gate: PageViewGate;
  reader: string | null;
  address?: () => string;
}

export interface PageViewCounterOptions {
  db: Kysely<DB>;
  now: () => number;
  /** How often counts go to the database (and totals are re-read). */
  flushMs?: number;
  /** The limit of a role; tests inject small ones. */
  limitOf?: (role: AccountRole) => number | null;
  /** Views one address may add to an author a day through anonymous readers, in this process (20). */
  viewsPerAddress?: number;
  logger?: Logger;
}

interface Known {
  month: string;
  count: number;
  at: number;
}

/** A reader's first read of an article on a day, as this process saw it, on its way to the database. */
interface NewRead {
  day: string;
  articleId: number;
  authorId: number;
  reader: string;
  /** When it was read: the hour its view counts in the author's stats (server/stats/addCounts.ts). */
  at: number;
}

export const DEFAULT_FLUSH_MS = 3000;
/**
 * Views anonymous readers at one address add to an author a day: a household or office behind one
 * address reading a few of the author's articles counts in full, while one client that changes its
 * user agent on every read stops counting here (it is still served).
 */
export const DEFAULT_VIEWS_PER_ADDRESS = 20;
/** (day, article, reader) triples each process remembers, so a reader's next reads cost no database work. */
const REMEMBERED_READS = 100_000;
/** Rows inserted by one statement (three bound values each: far below either engine's limit). */
const ROWS_PER_INSERT = 500;
/** How often the fleet deletes the reads of past days (docs/decisions/042's lease). */
const SWEEP_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Page views per author and UTC month, counting readers, not requests (docs/decisions/059): a
 * reader's first read of an article on a UTC day is a view, and later reads that day are not. This
 * process remembers the reads it saw (a bounded set), so repeats cost nothing, and caps the views
 * one anonymous address adds to an author a day. New reads go to the database every few seconds as
 * `page_view_readers` rows, inserted with INSERT … ON CONFLICT DO NOTHING so a read another process
 * (or this one before a restart) counted adds no row; only the rows inserted are added to the
 * author's month in `page_views`, in the same transaction. An author's use is what the
 * database held at the last flush or read plus this process's unflushed new reads: other processes'
 * views arrive at most one flush interval late (docs/decisions/009).
 */
export class PageViewCounter implements PageViewGate {
  private pending = new Map<string, NewRead>();
  /** Unflushed new reads per author and month (`author:month`), pending and on their way. */
  private readonly unflushedCounts = new Map<string, number>();
  private readonly remembered = new RecentCounts(REMEMBERED_READS);
  /** Anonymous views counted per day, author and address key. */
  private readonly addressViews = new RecentCounts(REMEMBERED_READS);
  private readonly viewsPerAddress: number;
  private readonly known = new Map<number, Known>();
  private readonly limits = new Map<number, number | null>();
  private readonly reported = new Map<number, string>();
  /** Authors whose month is being re-read for a cached page (knownExhausted). */
  private readonly rereading = new Set<number>();
  private readonly flushMs: number;
  private readonly limitOf: (role: AccountRole) => number | null;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private lastSweep = 0;

  constructor(private readonly options: PageViewCounterOptions) {
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
    this.limitOf = options.limitOf ?? ((role) => PAGE_VIEW_LIMITS[role]);
    this.viewsPerAddress = options.viewsPerAddress ?? DEFAULT_VIEWS_PER_ADDRESS;
  }

  async admit(author: QuotaAuthor, view: PageView, now: number): Promise<boolean> {
    const limit = this.limitOf(author.role);
    this.limits.set(author.id, limit);
    if (limit !== null && (await this.used(author.id, now)) >= limit) return false;
    this.count(view, now);
    return true;
  }

  /**
   * Counts a read (a cached page served) without checking the quota: only a reader's first of the
   * article that day, and of an anonymous reader only while their address has added fewer than
   * `viewsPerAddress` views to the author that day.
   */
  count(view: PageView, now: number): void {
    if (view.reader === null) return;
    const day = quotaDay(now);
    const key = `${day} ${view.articleId} ${view.reader}`;
    if (this.remembered.increment(key) !== 1) return;
    if (view.address && this.addressViews.increment(`${day} ${view.authorId} ${view.address()}`) > this.viewsPerAddress) return;
    this.pending.set(key, { day, articleId: view.articleId, authorId: view.authorId, reader: view.reader, at: now });
    this.addUnflushed(`${view.authorId}:${monthOf(day)}`, 1);
  }

  /**
   * Without waiting: whether this process already knows the author's month is used up. What it knows
   * is re-read in the background when older than a flush interval, so pages served from the cache
   * learn of other processes' views as renders do: another process's flush may land after this
   * one's, and a hit renders nothing that would read it again.
   */
  knownExhausted(authorId: number, now: number): boolean {
    const limit = this.limits.get(authorId);
    if (limit === undefined || limit === null) return false;
    const month = quotaMonth(now);
    const known = this.known.get(authorId);
    if (this.stale(known, month, now) && !this.rereading.has(authorId)) {
      this.rereading.add(authorId);
      this.used(authorId, now)
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'page views could not be re-read'))
        .finally(() => this.rereading.delete(authorId));
    }
    return (known?.month === month ? known.count : 0) + this.unflushed(authorId, month) >= limit;
  }

  /** The author's views this month: flushed (re-read when older than a flush interval) plus unflushed. */
  async used(authorId: number, now: number): Promise<number> {
    const month = quotaMonth(now);
    let known = this.known.get(authorId);
    if (!known || this.stale(known, month, now)) {
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

  private stale(known: Known | undefined, month: string, now: number): boolean {
    return !known || known.month !== month || now - known.at >= this.flushMs || now < known.at;
  }

  /** Adds the new reads to the database and their count to the authors' months. */
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

  private addUnflushed(key: string, change: number): void {
    const count = (this.unflushedCounts.get(key) ?? 0) + change;
    if (count > 0) this.unflushedCounts.set(key, count);
    else this.unflushedCounts.delete(key);
  }

  private unflushed(authorId: number, month: string): number {
    return this.unflushedCounts.get(`${authorId}:${month}`) ?? 0;
  }

  private async flushNow(): Promise<void> {
    const now = this.options.now();
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) {
      try {
        const totals = await this.record([...batch.values()]);
        for (const read of batch.values()) this.addUnflushed(`${read.authorId}:${monthOf(read.day)}`, -1);
        await this.learn(totals, now);
      } catch (error) {
        // Kept for the next flush rather than lost (the database may be briefly unavailable).
        for (const [key, read] of batch) if (!this.pending.has(key)) this.pending.set(key, read);
        this.options.logger?.error({ err: error }, 'page views could not be flushed');
      }
    }
    await this.sweep(now);
  }

  /**
   * In one transaction: the new reads' rows, then, per author and month, the number of rows that
   * were really inserted (not already counted by any process) added to the month, and those views to
   * the article's and author's hourly stats (docs/decisions/074). Its totals.
   */
  private record(reads: readonly NewRead[]): Promise<{ authorId: number; month: string; total: number }[]> {
    return this.options.db.transaction().execute(async (trx) => {
      const readOf = new Map<string, NewRead>();
      for (const read of reads) readOf.set(`${read.day} ${read.articleId} ${read.reader}`, read);
      const views: NewRead[] = [];
      const added = new Map<string, { authorId: number; month: string; count: number }>();
      for (let i = 0; i < reads.length; i += ROWS_PER_INSERT) {
        const rows = await trx
          .insertInto('page_view_readers')
          .values(reads.slice(i, i + ROWS_PER_INSERT).map((read) => ({ day: read.day, article_id: read.articleId, reader: read.reader })))
          .onConflict((oc) => oc.columns(['day', 'article_id', 'reader']).doNothing())
          .returning(['day', 'article_id', 'reader'])
          .execute();
        for (const row of rows) {
          const read = readOf.get(`${row.day} ${Number(row.article_id)} ${row.reader}`);
          if (read === undefined) continue;
          views.push(read);
          const authorId = read.authorId;
          const month = monthOf(row.day);
          const key = `${authorId}:${month}`;
          const entry = added.get(key);
          if (entry) entry.count += 1;
          else added.set(key, { authorId, month, count: 1 });
        }
      }
      await addCounts(trx, 'views', views);
      const totals: { authorId: number; month: string; total: number }[] = [];
      for (const entry of added.values()) {
        const row = await trx
          .insertInto('page_views')
          .values({ author_id: entry.authorId, month: entry.month, count: entry.count })
          .onConflict((oc) => oc.columns(['author_id', 'month']).doUpdateSet((eb) => ({ count: eb('page_views.count', '+', eb.ref('excluded.count')) })))
          .returning('count')
          .executeTakeFirstOrThrow();
        totals.push({ authorId: entry.authorId, month: entry.month, total: Number(row.count) });
      }
      return totals;
    });
  }

  /** What a flush learnt of the authors' months; a month it used up is recorded as a change of its author. */
  private async learn(totals: readonly { authorId: number; month: string; total: number }[], now: number): Promise<void> {
    const exhausted: number[] = [];
    for (const { authorId, month, total } of totals) {
      if (month === quotaMonth(now)) this.known.set(authorId, { month, count: total, at: now });
      const limit = this.limits.get(authorId);
      if (limit !== undefined && limit !== null && total >= limit && this.reported.get(authorId) !== month) {
        this.reported.set(authorId, month);
        exhausted.push(authorId);
      }
    }
    if (exhausted.length > 0) await this.exhausted(exhausted, now);
  }

  /**
   * About once an hour across the fleet: the reads of days before yesterday go (a day's views are in
   * `page_views`); yesterday's stay, as a read buffered before midnight may be flushed after it.
   */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    try {
      await runOnceAcrossFleet(this.options.db, { name: 'page-view-readers-sweep', ttlMs: SWEEP_MS }, () =>
        this.options.db
          .deleteFrom('page_view_readers')
          .where('day', '<', quotaDay(now - DAY_MS))
          .execute(),
      );
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'past page-view readers could not be swept');
    }
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

/** The month ('YYYY-MM') of a day ('YYYY-MM-DD'). */
function monthOf(day: string): string {
  return day.slice(0, 7);
}
