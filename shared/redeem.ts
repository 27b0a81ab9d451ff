import type { MemberTier } from './constants';

/** The redeem and referral calls' shapes, the same on both sides (`/api/redeem/`, docs/decisions/027). */

/** `POST /api/redeem/` (spend a redeem code) and `POST /api/redeem/referral/` (record who referred the reader). */
export interface CodeRequest {
  code: string;
}

/** What a redeem code gives, as the API shows it (never who used it). */
export interface RedeemCodeView {
  code: string;
  kind: 'membership' | 'booklet';
  level: MemberTier | null;
  months: number | null;
  booklet: { id: number; slug: string; name: string } | null;
  /** ISO date-time. */
  expires: string;
  status: 'valid' | 'used' | 'expired';
  reseller: { username: string } | null;
}

export interface RedeemResult extends RedeemCodeView {
  detail: string;
  /** The new membership expiry, for a membership code. */
  membership_expires: string | null;
}

/** The signed-in user's own referral code and how many people it brought. */
export interface OwnReferral {
  code: string;
  referred: number;
}

/** Whose referral code this is (`GET /api/redeem/referral/{code}/`). */
export interface Referrer {
  code: string;
  username: string;
}

export interface ReferralAnswer extends Referrer {
  /** False when the visitor is signed out: the code waits in a cookie until sign-in. */
  recorded: boolean;
}
