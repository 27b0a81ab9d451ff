import type { MemberTier } from './constants';

/** docs/specification/content-and-commerce.md §9: manual memberships are paid once per period; subscriptions renew. */
export type MembershipKind = 'manual' | 'subscription';
export type MembershipPeriod = 'monthly' | 'annual';

/** One sellable membership: its key is an order's `identity` (`vip_monthly_manual`). */
export interface MembershipProduct {
  readonly key: string;
  readonly level: MemberTier;
  readonly kind: MembershipKind;
  readonly period: MembershipPeriod;
  readonly months: 1 | 12;
  readonly amountCents: number;
  /** The struck-through annual list price, where the seed gives one. */
  readonly originCents: number | null;
}

interface ListPrice {
  readonly level: MemberTier;
  readonly kind: MembershipKind;
  readonly monthly: number;
  readonly annual: number;
  readonly origin: number | null;
}

/** docs/specification/content-and-commerce.md §9 list prices in yuan; enterprise subscription is not shown, so not sold. */
const LIST_PRICES: readonly ListPrice[] = [
  { level: 'premium', kind: 'manual', monthly: 22, annual: 188, origin: 264 },
  { level: 'premium', kind: 'subscription', monthly: 18, annual: 168, origin: null },
  { level: 'vip', kind: 'manual', monthly: 78, annual: 488, origin: 936 },
  { level: 'vip', kind: 'subscription', monthly: 58, annual: 388, origin: null },
  { level: 'enterprise', kind: 'manual', monthly: 368, annual: 2388, origin: 4416 },
];

export function membershipProductKey(level: MemberTier, period: MembershipPeriod, kind: MembershipKind): string {
  return `${level}_${period}_${kind}`;
}

export const MEMBERSHIP_PRODUCTS: readonly MembershipProduct[] = LIST_PRICES.flatMap((p) => [
  {
    key: membershipProductKey(p.level, 'monthly', p.kind),
    level: p.level,
    kind: p.kind,
    period: 'monthly' as const,
    months: 1 as const,
    amountCents: p.monthly * 100,
    originCents: null,
  },
  {
    key: membershipProductKey(p.level, 'annual', p.kind),
    level: p.level,
    kind: p.kind,
    period: 'annual' as const,
    months: 12 as const,
    amountCents: p.annual * 100,
    originCents: p.origin === null ? null : p.origin * 100,
  },
]);

export function findMembershipProduct(key: string): MembershipProduct | null {
  return MEMBERSHIP_PRODUCTS.find((p) => p.key === key) ?? null;
}
