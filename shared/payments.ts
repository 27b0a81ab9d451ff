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
