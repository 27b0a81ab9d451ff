import type { MemberTier } from './constants';
import type { SubscriptionState } from './subscriptions';

/** The payment calls' shapes, the same on both sides (docs/specification/content-and-commerce.md §3, §7). */

export type OrderType = 'membership' | 'booklet';
export type OrderStatus = 'created' | 'pending' | 'paid' | 'failed' | 'closed' | 'refunded';

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
  /** What was bought, in lists (the orders page); absent elsewhere. */
  item?: OrderItem | null;
}

/**
 * What an order bought: a booklet with its name and address (null when it is gone), or a membership
 * product, which the reader's language names from its key (shared/membershipProducts.ts).
 */
export interface OrderItem {
  type: OrderType;
  identity: string;
  name: string | null;
  path: string | null;
}

/** `POST /api/payments/order/`: what to buy (a membership product key, or a booklet's id or slug) and at what price. */
export interface CreateOrderRequest {
  type: OrderType;
  identity: string;
  /**
   * The price the buyer was shown, as the API writes amounts ('58.00'). The server prices every order
   * (server/payments/pricing.ts) and refuses, with 400 and nothing created, any amount but that price.
   */
  amount: string;
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

/** `GET /api/payments/order/{id}/wechat/?openid=`: the order, now pending, and the chat app's pay parameters. */
export interface WechatPayment extends PaymentOrder {
  app_params: WechatAppParams;
  /** The sandbox's own checkout page, for a browser whose bridge cannot pay a sandbox prepay id. */
  sandbox_checkout_url?: string;
}

/**
 * `GET /api/payments/order/{id}/wechat/native/`: the order, now pending, and the `code_url` its QR
 * code shows (WeChat Pay's Native pay, for desktop browsers: docs/decisions/037, 052). The sandbox
 * answers its own checkout page as both.
 */
export interface WechatNativePayment extends PaymentOrder {
  code_url: string;
  sandbox_checkout_url?: string;
}

/**
 * `GET /api/payments/order/{id}/wechat/h5/?return_url=`: the order, now pending, and where to send
 * the phone's browser: WeChat Pay's H5 cashier (`h5_url` with our return page as its `redirect_url`,
 * docs/decisions/069) or, in the sandbox, its checkout page. `return_url` must be on this site, as
 * for web pay; WeChat brings the payer back to `/payments/return/{id}/?next=`, which asks about the order.
 */
export interface WechatH5Payment extends PaymentOrder {
  /** An absolute URL to navigate to (sending the page's origin as the referrer). */
  h5_url: string;
  sandbox_checkout_url?: string;
}

/** The product's page WeChat's H5 cashier sends the payer back to: it asks about the order and shows it. */
export function paymentReturnPath(orderRef: string, next: string): string {
  return `/payments/return/${encodeURIComponent(orderRef)}/?next=${encodeURIComponent(next)}`;
}

/**
 * `GET /api/payments/order/{id}/alipay/web/?return_url=`: the order, now pending, and where to pay it:
 * Alipay's cashier (page pay on desktop, wap pay on phones, docs/decisions/044) or the sandbox
 * checkout. `return_url` must be an address on this site (else 400 `{return_url: [...]}`); Alipay
 * brings the payer back through `/api/payments/order/{id}/alipay/return/`, which asks Alipay and
 * then sends them on to it.
 */
export interface WebPayment extends PaymentOrder {
  /** An absolute URL to navigate to. */
  url: string;
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
  /** The order an entry moves money for (a purchase, a sale, a refund), and what it bought. */
  order?: string | null;
  item?: OrderItem | null;
  /** An operator's note on an adjustment, as written. */
  note?: string | null;
}

/** `POST /api/payments/wallet/withdraw/wechat/`: the amount by shared/money.ts's rule. */
export interface WithdrawRequest {
  amount: string;
  app_id: string;
  open_id: string;
  /** Only yuan; the client's call always says so. */
  currency_code?: 'CNY';
}

/** A withdrawal as the API shows it (201 to the withdraw call). */
export interface Withdrawal {
  id: number;
  amount: string;
  currency: 'CNY';
  currency_symbol: '¥';
  /**
   * pending: recorded, not yet accepted by WeChat Pay; processing: being transferred;
   * awaiting_payee: the author confirms the receipt in WeChat (`confirm`); paid; failed or
   * cancelled: the money is back in the wallet.
   */
  status: 'pending' | 'processing' | 'awaiting_payee' | 'paid' | 'failed' | 'cancelled';
  note: string;
  created: string;
  /** While awaiting_payee: what the JS-SDK's wx.requestMerchantTransfer takes, inside WeChat. */
  confirm?: WithdrawalConfirm;
}

/** The payee's confirmation of a transfer bill: `wx.requestMerchantTransfer({ mchId, appId, package })`. */
export interface WithdrawalConfirm {
  mch_id: string;
  app_id: string;
  package: string;
}

/** The caller's membership (`GET /api/accounts/membership/`): stored tier and expiry, and what they mean now. */
export interface MembershipState {
  level: string | null;
  expires: string | null;
  renewal: boolean | string | null;
  expired: boolean;
  effective_role: string;
  /** The embedded backend's subscription (docs/decisions/051); absent from backends without one. */
  subscription?: SubscriptionState | null;
}

/** One tier's prices in `GET /api/accounts/membership/description/`, in yuan. */
export interface MembershipPrice {
  level: MemberTier;
  monthly_key: string;
  annual_key: string;
  monthly_price: string;
  annual_price: string;
  origin_annual_price: string | null;
  currency: 'CNY';
  currency_symbol: '¥';
  /** The §3 product's `renewal`: true for a subscription, renewed by reminder (docs/decisions/051). */
  renewal: boolean;
}

/** `GET /api/accounts/membership/description/`: the price list by kind; a tier is listed under a kind only when both periods are sold. */
export interface MembershipDescription {
  manual: MembershipPrice[];
  subscription: MembershipPrice[];
}
