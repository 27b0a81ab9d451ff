import type { AccountRole } from './entities';

/**
 * Page views an author's articles may receive in a calendar month (UTC), by the
 * role they act with now (docs/decisions/009). `null` is unlimited.
 */
export const PAGE_VIEW_LIMITS: Readonly<Record<AccountRole, number | null>> = {
  user: 10_000,
  reseller: 10_000,
  premium: 100_000,
  vip: 1_000_000,
  enterprise: null,
  operator: null,
};

/** The last month asked for and its bounds: asked on every cached article served, it changes once a month. */
let lastMonth = { start: 0, end: 0, text: '' };

/** The quota month of a moment: 'YYYY-MM' in UTC. */
export function quotaMonth(at: number): string {
  if (at >= lastMonth.start && at < lastMonth.end) return lastMonth.text;
  const d = new Date(at);
  lastMonth = { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: nextQuotaReset(at), text: d.toISOString().slice(0, 7) };
  return lastMonth.text;
}

/** When the quota of the month containing `at` resets: the first instant of the next UTC month. */
export function nextQuotaReset(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const DAY_MS = 86_400_000;
/** The last day asked for and its bounds: asked on every cached page served, it changes once a day. */
let lastDay = { start: 0, end: 0, text: '' };

/** The day a reader is counted once in (docs/decisions/059): 'YYYY-MM-DD' in UTC. */
export function quotaDay(at: number): string {
  if (at >= lastDay.start && at < lastDay.end) return lastDay.text;
  const start = Math.floor(at / DAY_MS) * DAY_MS;
  lastDay = { start, end: start + DAY_MS, text: new Date(at).toISOString().slice(0, 10) };
  return lastDay.text;
}
