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

/** The quota month of a moment: 'YYYY-MM' in UTC. */
export function quotaMonth(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** When the quota of the month containing `at` resets: the first instant of the next UTC month. */
export function nextQuotaReset(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** The day a reader is counted once in (docs/decisions/059): 'YYYY-MM-DD' in UTC. */
export function quotaDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
