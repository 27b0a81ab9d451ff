/** The payment calls' shapes, the same on both sides (issue 8; docs/specification/content-and-commerce.md §3, §7). */

export type OrderType = 'membership' | 'booklet';
export type OrderStatus = 'created' | 'pending' | 'paid' | 'failed' | 'closed';

/** An order as the API shows it: `id` is its public reference, never the row id; amounts are decimal strings. */
export interface PaymentOrder {
  id: string;
  type: OrderType;
  identity: string;
  amount: string;
  currency: string;
  currency_symbol: string;
  status: OrderStatus;
  method: string | null;
  created: string;
  paid: string | null;
}

/** What the chat app's pay call takes (WeixinJSBridge getBrandWCPayRequest). */
export interface WechatAppParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

/** `GET /api/payments/wallet/balance/`: the wallet's ledger sum. */
export interface WalletBalance {
  currency_symbol: string;
  net_amount: string;
  currency: string;
}

/** One entry of `GET /api/payments/wallet/transactions/` (an upstream may send string ids). */
export interface WalletTransaction {
  id: number | string;
  kind: string;
  amount: string;
  direction: 'in' | 'out';
  description: string;
  created: string;
}

/** `POST /api/payments/wallet/withdraw/wechat/`: the amount by shared/money.ts's rule. */
export interface WithdrawRequest {
  amount: string;
  app_id: string;
  open_id: string;
}

/** The caller's membership (`GET /api/payments/membership/`): stored tier and expiry, and what they mean now. */
export interface MembershipState {
  level: string | null;
  expires: string | null;
  renewal: boolean | string | null;
  expired: boolean;
  effective_role: string;
}
