import type { MemberTier } from '../../../shared/constants';
import { MEMBERSHIP_PRODUCTS, type MembershipKind } from '../../../shared/membershipProducts';

/** One card of /member: a tier and kind, with its month and year offers. */
export interface MemberPlan {
  level: MemberTier;
  kind: MembershipKind;
  monthly: { key: string; cents: number } | null;
  annual: { key: string; cents: number; originCents: number | null } | null;
}

/** The seed's list prices (001 §9): what /member shows before, or without, the server's. */
export function fallbackPlans(): MemberPlan[] {
  const plans: MemberPlan[] = [];
  for (const product of MEMBERSHIP_PRODUCTS) {
    let plan = plans.find((p) => p.level === product.level && p.kind === product.kind);
    if (!plan) {
      plan = { level: product.level, kind: product.kind, monthly: null, annual: null };
      plans.push(plan);
    }
    if (product.period === 'monthly') plan.monthly = { key: product.key, cents: product.amountCents };
    else plan.annual = { key: product.key, cents: product.amountCents, originCents: product.originCents };
  }
  return plans;
}

/**
 * The plans with the server's values over the list prices, rounded to 2 decimals.
 * Reads `GET /api/accounts/membership/description/` as a list of levels, a list under
 * `results`, or lists per kind (`{manual: [...], subscription: [...]}`).
 */
export function mergePlans(plans: readonly MemberPlan[], description: unknown): MemberPlan[] {
  const merged = plans.map((plan) => ({ ...plan }));
  for (const { entry, kind } of entries(description)) {
    // The tiers come from the product list: importing the constants here would split them out of the entry chunk.
    const level = MEMBERSHIP_PRODUCTS.find((product) => product.level === entry.level)?.level;
    if (!level) continue;
    const monthlyKey = typeof entry.monthly_key === 'string' ? entry.monthly_key : null;
    const annualKey = typeof entry.annual_key === 'string' ? entry.annual_key : null;
    const entryKind = kind ?? kindOf(monthlyKey ?? annualKey) ?? 'manual';
    let plan = merged.find((p) => p.level === level && p.kind === entryKind);
    if (!plan) {
      plan = { level, kind: entryKind, monthly: null, annual: null };
      merged.push(plan);
    }
    const monthly = cents(entry.monthly_price);
    const annual = cents(entry.annual_price);
    const origin = cents(entry.origin_annual_price);
    if (monthlyKey && monthly !== null) plan.monthly = { key: monthlyKey, cents: monthly };
    if (annualKey && annual !== null) plan.annual = { key: annualKey, cents: annual, originCents: origin ?? plan.annual?.originCents ?? null };
  }
  return merged;
}

/** Cents as the page shows them: `78.00`. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function entries(description: unknown): { entry: Record<string, unknown>; kind: MembershipKind | null }[] {
  const records = (list: unknown, kind: MembershipKind | null) => (Array.isArray(list) ? list.filter(isRecord).map((entry) => ({ entry, kind })) : []);
  if (Array.isArray(description)) return records(description, null);
  if (!isRecord(description)) return [];
  if (Array.isArray(description.results)) return records(description.results, null);
  return [...records(description.manual, 'manual'), ...records(description.subscription, 'subscription')];
}

function kindOf(key: string | null): MembershipKind | null {
  if (key?.endsWith('_subscription')) return 'subscription';
  if (key?.endsWith('_manual')) return 'manual';
  return null;
}

/** A server price (`"78"`, `78.004`, `"78.00"`) in cents, rounded to 2 decimals; null when it is not a price. */
function cents(value: unknown): number | null {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 100);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
