import type { MembershipProduct } from '../../../shared/membershipProducts';

/** What the subscription rule needs to know of a buyer (docs/decisions/051). */
export interface SubscriberFacts {
  /** The buyer's subscription, if any: renewal on or off. */
  subscription: { renewal: boolean } | null;
  /** The buyer's membership runs now (a tier, expiring after now). */
  membershipRunning: boolean;
}

export const RENEWAL_OFF_REFUSAL = 'Renewal is off for your subscription: turn it on to renew at the subscription price.';

/**
 * Decision 051: the subscription price applies only while the subscription is continuous. A
 * subscription product is sold to start one (none, or the last one lapsed) and to renew one whose
 * renewal is on; while a subscription runs with renewal off, it is refused (the member turns renewal
 * on, or buys a one-off). Null when the order may be made; the refusal's text otherwise.
 */
export function subscriptionOrderRefusal(product: MembershipProduct, facts: SubscriberFacts): string | null {
  if (product.kind !== 'subscription') return null;
  if (facts.subscription && !facts.subscription.renewal && facts.membershipRunning) return RENEWAL_OFF_REFUSAL;
  return null;
}

/** A membership runs at `now` when it has a tier and an expiry after now. */
export function membershipRunning(tier: string | null, expiresAt: number | null, now: number): boolean {
  return tier !== null && expiresAt !== null && expiresAt > now;
}
