/**
 * Why an author's column cannot be shown (docs/specification/shell.md §2, "other error screens"): the API
 * answers 403 `{"detail": reason}` and the client shows that reason's screen
 * (docs/decisions/016). An inactive account's column stays a plain 404.
 */
export const ACCOUNT_ERROR_REASONS = ['Account Banned', 'Account Suspended', 'Account Expired'] as const;

export type AccountErrorReason = (typeof ACCOUNT_ERROR_REASONS)[number];

export function isAccountErrorReason(value: unknown): value is AccountErrorReason {
  return typeof value === 'string' && (ACCOUNT_ERROR_REASONS as readonly string[]).includes(value);
}

/** The column owner's state as the reading rules see it; null when the column may be shown. */
export function columnRefusal(
  owner: { status: string; membership_tier: string | null; membership_expires_at: number | null },
  now: number,
): AccountErrorReason | null {
  if (owner.status === 'banned') return 'Account Banned';
  if (owner.status === 'suspended') return 'Account Suspended';
  if (owner.membership_tier !== null && owner.membership_expires_at !== null && owner.membership_expires_at <= now) return 'Account Expired';
  return null;
}
