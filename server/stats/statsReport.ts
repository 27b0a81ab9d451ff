import { sql, type Kysely } from 'kysely';
import {
  ARTICLE_STATS_COUNTERS,
  STATS_COUNTERS,
  zeroCounts,
  type StatsCounter,
  type StatsCounts,
  type StatsRange,
  type StatsReport,
} from '../../shared/authorStats';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { foldHours, hourRange, localDays, type LocalDays } from './localDays';
import { HOUR_MS } from './statsTriggers';

export interface StatsRequest {
  days: StatsRange;
  timeZone: string;
  now: number;
}

/** Whose rows a report reads: an author's totals or one article's. */
type Owner = { table: 'author_stats'; key: 'author_id'; id: number } | { table: 'article_stats'; key: 'article_id'; id: number };

type Row = Record<string, number | string | null>;

/** Whether every day of the period is 24 hours: a zone with one offset throughout (UTC, Asia/Shanghai, Asia/Taipei, …). */
function wholeDays(local: LocalDays): boolean {
  return local.starts.every((start, i) => i === 0 || start - (local.starts[i - 1] ?? start) === 24 * HOUR_MS);
}

/**
 * Each local day's counters and the period's totals, from one range of the owner's hourly rows. With
 * one offset throughout the period, the database adds the hours into days itself (a day is 24 hours
 * from the first day's first hour), so a year is 365 rows read, not 8,760; across a daylight-saving
 * change the hours are read and added to their days here (./localDays.ts).
 */
async function countsByDay(db: Kysely<DB>, owner: Owner, local: LocalDays, counters: readonly StatsCounter[]): Promise<Pick<StatsReport, 'totals' | 'daily'>> {
  const daily = local.days.map((day) => ({ day, ...zeroCounts() }));
  const totals: StatsCounts = zeroCounts();
  const add = (index: number, row: Row) => {
    const day = daily[index];
    if (!day) return;
    for (const counter of counters) {
      // PostgreSQL hands sums (bigint, numeric) over as strings.
      const value = Number(row[counter] ?? 0);
      day[counter] += value;
      totals[counter] += value;
    }
  };
  const { from, to } = hourRange(local);
  const range = sql`${sql.ref(owner.key)} = ${owner.id} and hour >= ${from} and hour < ${to}`;
  if (wholeDays(local)) {
    const sums = sql.join(counters.map((counter) => sql`sum(${sql.ref(counter)}) as ${sql.ref(counter)}`));
    const rows = await sql<Row & { day_index: number | string }>`select cast((hour - ${from}) / 24 as integer) as day_index, ${sums}
        from ${sql.table(owner.table)} where ${range} group by 1`.execute(db);
    for (const row of rows.rows) add(Number(row.day_index), row);
  } else {
    const columns = sql.join(counters.map((counter) => sql.ref(counter)));
    const rows = await sql<Row & { hour: number | string }>`select hour, ${columns} from ${sql.table(owner.table)} where ${range} order by hour`.execute(db);
    foldHours(
      local,
      rows.rows.map((row) => ({ ...row, hour: Number(row.hour) })),
      add,
    );
  }
  return { totals, daily };
}

/**
 * The author's numbers per local day over the period (docs/decisions/074): one range of their
 * `author_stats` rows, at most 24 × 365, whatever the number of articles or views.
 */
export async function authorStatsReport(db: Kysely<DB>, authorId: number, request: StatsRequest): Promise<StatsReport> {
  const local = localDays(request.now, request.timeZone, request.days);
  const counters = [...STATS_COUNTERS];
  const counts = await countsByDay(db, { table: 'author_stats', key: 'author_id', id: authorId }, local, counters);
  return { days: request.days, time_zone: request.timeZone, counters, article: null, ...counts };
}

/** One article's numbers, for its author only: 'not_found' for no such article, 'forbidden' for another's. */
export async function articleStatsReport(db: Kysely<DB>, authorId: number, articleId: number, request: StatsRequest): Promise<StatsReport> {
  const article = await db.selectFrom('articles').select(['id', 'slug', 'title', 'author_id']).where('id', '=', articleId).executeTakeFirst();
  if (!article) throw new DomainError('not_found', 'Not found.');
  if (Number(article.author_id) !== authorId) throw new DomainError('forbidden', 'You do not have permission to perform this action.');
  const local = localDays(request.now, request.timeZone, request.days);
  const counters = [...ARTICLE_STATS_COUNTERS];
  const counts = await countsByDay(db, { table: 'article_stats', key: 'article_id', id: articleId }, local, counters);
  return {
    days: request.days,
    time_zone: request.timeZone,
    counters,
    article: { id: Number(article.id), slug: article.slug, title: article.title },
    ...counts,
  };
}
