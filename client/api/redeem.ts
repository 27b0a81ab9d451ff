import type { ApiClient } from './client';

export type MemberLevel = 'premium' | 'vip' | 'enterprise';

/** What a redeem code gives (docs/decisions/027). */
export interface RedeemCodeView {
  code: string;
  kind: 'membership' | 'booklet';
  level: MemberLevel | null;
  months: number | null;
  booklet: { id: number; slug: string; name: string } | null;
  /** ISO date-time. */
  expires: string;
  status: 'valid' | 'used' | 'expired';
  reseller: { username: string } | null;
}

export interface RedeemResult extends RedeemCodeView {
  detail: string;
  membership_expires: string | null;
}

export interface OwnReferral {
  code: string;
  referred: number;
}

export interface ReferralAnswer {
  code: string;
  username: string;
  /** False when the visitor is signed out: the code waits in a cookie until sign-in. */
  recorded: boolean;
}

/** Redeem codes and referral codes: `/api/redeem/`. */
export const redeemApi = {
  lookUp: (api: ApiClient, code: string) => api.request<RedeemCodeView>({ method: 'GET', path: `/api/redeem/${encodeURIComponent(code)}/` }),

  redeem: (api: ApiClient, code: string) => api.request<RedeemResult>({ method: 'POST', path: '/api/redeem/', body: { code } }),

  ownReferral: (api: ApiClient) => api.request<OwnReferral>({ method: 'GET', path: '/api/redeem/referral/' }),

  recordReferral: (api: ApiClient, code: string) => api.request<ReferralAnswer>({ method: 'POST', path: '/api/redeem/referral/', body: { code } }),
};
