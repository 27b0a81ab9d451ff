import type { Kysely } from 'kysely';
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

export interface StatsRequest {
  days: StatsRange;
  timeZone: string;
  now: number;
}

type HourRow = { hour: number | string } & Partial<Record<StatsCounter, number | string>>;

/** Sums hourly rows into the local days and the period's totals. */
function report(local: LocalDays, rows: readonly HourRow[], counters: readonly StatsCounter[]): Pick<StatsReport, 'totals' | 'daily'> {
  const daily = local.days.map((day) => ({ day, ...zeroCounts() }));
  const totals: StatsCounts = zeroCounts();
  foldHours(
    local,
    rows.map((row) => ({ ...row, hour: Number(row.hour) })),
    (index, row) => {
      const day = daily[index];
      if (!day) return;
      for (const counter of counters) {
        // PostgreSQL hands bigint sums over as strings.
        const value = Number(row[counter] ?? 0);
        day[counter] += value;
        totals[counter] += value;
      }
    },
  );
  return { totals, daily };
}

/**
 * The author's numbers per local day over the period (docs/decisions/074): one range of their
 * `author_stats` rows, at most 24 × 365, whatever the number of articles or views.
 */
export async function authorStatsReport(db: Kysely<DB>, authorId: number, request: StatsRequest): Promise<StatsReport> {
  const local = localDays(request.now, request.timeZone, request.days);
  const { from, to } = hourRange(local);
  const rows = await db
    .selectFrom('author_stats')
    .select(['hour', ...STATS_COUNTERS])
    .where('author_id', '=', authorId)
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .orderBy('hour')
    .execute();
  const counters = [...STATS_COUNTERS];
  return { days: request.days, time_zone: request.timeZone, counters, article: null, ...report(local, rows, counters) };
}

/** One article's numbers, for its author only: 'not_found' for no such article, 'forbidden' for another's. */
export async function articleStatsReport(db: Kysely<DB>, authorId: number, articleId: number, request: StatsRequest): Promise<StatsReport> {
  const article = await db.selectFrom('articles').select(['id', 'slug', 'title', 'author_id']).where('id', '=', articleId).executeTakeFirst();
  if (!article) throw new DomainError('not_found', 'Not found.');
  if (Number(article.author_id) !== authorId) throw new DomainError('forbidden', 'You do not have permission to perform this action.');
  const local = localDays(request.now, request.timeZone, request.days);
  const { from, to } = hourRange(local);
  const rows = await db
    .selectFrom('article_stats')
    .select(['hour', 'views', 'reads', 'likes', 'favorites', 'comments', 'newsletter_sends'])
    .where('article_id', '=', articleId)
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .orderBy('hour')
    .execute();
  const counters = [...ARTICLE_STATS_COUNTERS];
  return {
    days: request.days,
    time_zone: request.timeZone,
    counters,
    article: { id: Number(article.id), slug: article.slug, title: article.title },
    ...report(local, rows, counters),
  };
}
