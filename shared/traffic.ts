import type { AccountRole } from './entities';

const MB = 1024 * 1024;

/**
 * Image upload traffic a user may use in a calendar month (UTC), in bytes, by the role
 * they act with now (docs/decisions/019). Operators and resellers write as users do.
 */
export const TRAFFIC_LIMITS: Readonly<Record<AccountRole, number>> = {
  user: 100 * MB,
  reseller: 100 * MB,
  operator: 100 * MB,
  premium: 1024 * MB,
  vip: 5120 * MB,
  enterprise: 20480 * MB,
};

/** The largest single image the media host takes, whatever traffic remains. */
export const MAX_UPLOAD_BYTES = 20 * MB;

/** The traffic month of a moment: 'YYYY-MM' in UTC. */
export function trafficMonth(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The first instant of the UTC month holding `at`, and the first of the next one. */
export function trafficPeriod(at: number): { begin: number; end: number } {
  const d = new Date(at);
  return { begin: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/** What one upload may weigh: the month's remainder, at most MAX_UPLOAD_BYTES; 0 when used up. */
export function uploadAllowance(bytesLimit: number, bytesUsed: number): number {
  return Math.max(0, Math.min(MAX_UPLOAD_BYTES, bytesLimit - bytesUsed));
}

/** `GET /api/traffic/current/`: the caller's upload traffic this month (UTC), its bounds as ISO times. */
export interface TrafficQuota {
  begin: string;
  end: string;
  bytes_limit: number;
  bytes_used: number;
}
