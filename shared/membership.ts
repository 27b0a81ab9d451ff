import { MEMBER_TIERS, type MemberTier } from './constants';
import type { AccountRole } from './entities';

/** The role a user acts with now: their tier while it is paid for, else their base role. */
export function effectiveRole(baseRole: 'user' | 'reseller' | 'operator', tier: MemberTier | null, expiresAt: number | null, now: number): AccountRole {
  if (tier && expiresAt !== null && expiresAt > now) return tier;
  return baseRole;
}

/** docs/specification/content-and-commerce.md §5: the member check is true for premium, vip and enterprise. */
export function isMember(role: string | null | undefined): boolean {
  return (MEMBER_TIERS as readonly string[]).includes(role ?? '');
}
