/** The author's numbers (`/editor/stats`, docs/decisions/074): the request and answer of `GET /api/editor/stats/`. */

/** The periods a stats page shows, in days ending today in the reader's zone. */
export const STATS_RANGES = [7, 30, 365] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = 30;

/** Every counter, in the order the page shows them. */
export const STATS_COUNTERS = ['views', 'reads', 'likes', 'favorites', 'comments', 'followers', 'newsletter_sends', 'income_cents'] as const;
export type StatsCounter = (typeof STATS_COUNTERS)[number];
/** An article's own counters: followers and income belong to the author. */
export const ARTICLE_STATS_COUNTERS: readonly StatsCounter[] = ['views', 'reads', 'likes', 'favorites', 'comments', 'newsletter_sends'];

export type StatsCounts = Record<StatsCounter, number>;

/** One local day's numbers; `day` is `YYYY-MM-DD` in the answer's zone. */
export interface StatsDay extends StatsCounts {
  day: string;
}

/** The query of both stats reads. */
export interface StatsQuery {
  days?: string;
  tz?: string;
}

export interface StatsReport {
  days: StatsRange;
  time_zone: string;
  /** The counters that apply (an article has no followers or income of its own). */
  counters: StatsCounter[];
  totals: StatsCounts;
  /** Oldest first, one per day, today last. */
  daily: StatsDay[];
  /** The article, for an article's numbers; null for the author's. */
  article: { id: number; slug: string; title: string } | null;
}

/** A counts record of zeros. */
export function zeroCounts(): StatsCounts {
  return { views: 0, reads: 0, likes: 0, favorites: 0, comments: 0, followers: 0, newsletter_sends: 0, income_cents: 0 };
}

/** A period from a query value: one of STATS_RANGES, else null. */
export function statsRange(value: string | number | null | undefined): StatsRange | null {
  const days = Number(value);
  return STATS_RANGES.find((range) => range === days) ?? null;
}

/** The answer of the read beacon, `POST /api/articles/{id}/read/`: whether it counted a read. */
export interface ReadCounted {
  counted: boolean;
}

/**
 * When the article page reports a read (client/tracking/readBeacon.ts): the reader reached the
 * article's end after at least `READ_END_AFTER_S` seconds of the page in view, or kept it in view
 * for `READ_STAY_S` seconds.
 */
export const READ_END_AFTER_S = 10;
export const READ_STAY_S = 60;
