import type { AccountRole } from './entities';

/**
 * PDF exports a user may start in a calendar month (UTC), by the role they act with now
 * (docs/decisions/020). Failed exports do not count; a second request for an article
 * version already exported answers the same file and does not count either.
 */
export const PDF_LIMITS: Readonly<Record<AccountRole, number>> = {
  user: 3,
  reseller: 3,
  premium: 30,
  vip: 100,
  enterprise: 500,
  operator: 500,
};

/** What the month's quota leaves: never below zero, even after a tier went down. */
export function pdfRemaining(limit: number, count: number): number {
  return Math.max(0, limit - count);
}
