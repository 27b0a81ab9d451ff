import type { CodeRequest, OwnReferral, RedeemCodeView, RedeemResult, ReferralAnswer } from '../../shared/redeem';
import type { ApiClient } from './client';

export type { OwnReferral, RedeemCodeView, RedeemResult, ReferralAnswer } from '../../shared/redeem';

/** Redeem codes and referral codes: `/api/redeem/`. */
export const redeemApi = {
  lookUp: (api: ApiClient, code: string) => api.request<RedeemCodeView>({ method: 'GET', path: `/api/redeem/${encodeURIComponent(code)}/` }),

  redeem: (api: ApiClient, code: string) => api.request<RedeemResult>({ method: 'POST', path: '/api/redeem/', body: { code } satisfies CodeRequest }),

  ownReferral: (api: ApiClient) => api.request<OwnReferral>({ method: 'GET', path: '/api/redeem/referral/' }),

  recordReferral: (api: ApiClient, code: string) =>
    api.request<ReferralAnswer>({ method: 'POST', path: '/api/redeem/referral/', body: { code } satisfies CodeRequest }),
};
