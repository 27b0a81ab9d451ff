import type { MemberTier } from './constants';
import type { MembershipPeriod } from './membershipProducts';

/** docs/decisions/051: a subscriber with renewal on is reminded this many days before the period ends. */
export const RENEWAL_REMINDER_DAYS = 3;

/** The caller's subscription in `GET /api/accounts/membership/` (`subscription`, null when none). */
export interface SubscriptionState {
  /** The product it renews: an order's `identity` (`vip_monthly_subscription`). */
  identity: string;
  level: MemberTier;
  period: MembershipPeriod;
  /** Renewal on: reminded before the period ends, and the subscription price applies. */
  renewal: boolean;
}

/** `PUT /api/accounts/membership/renewal/`: turns renewal on or off; answers the membership. */
export interface RenewalRequest {
  renewal: boolean;
}
