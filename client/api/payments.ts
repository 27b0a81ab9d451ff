import type { Page } from '../../shared/entities';
import type {
  CreateOrderRequest,
  MembershipState,
  PaymentOrder,
  WalletBalance,
  WalletTransaction,
  WebPayment,
  WechatH5Payment,
  WechatNativePayment,
  WechatPayment,
  Withdrawal,
  WithdrawRequest,
} from '../../shared/payments';
import type { RenewalRequest } from '../../shared/subscriptions';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

export type {
  MembershipState,
  OrderStatus,
  OrderType,
  PaymentOrder,
  WalletBalance,
  WalletTransaction,
  WechatAppParams,
  WithdrawRequest,
} from '../../shared/payments';

const ORDER = '/api/payments/order';
const orderPath = (id: string) => `${ORDER}/${encodeURIComponent(id)}`;

/** docs/specification/content-and-commerce.md §7, payments, wallet and membership calls. */
export const paymentsApi = {
  createOrder: (api: ApiClient, order: CreateOrderRequest) => api.request<PaymentOrder>({ method: 'POST', path: `${ORDER}/`, body: order }),

  orders: (api: ApiClient, next?: string) =>
    api.request<Page<PaymentOrder>>(next ? pageRequest(next) : { method: 'GET', path: `${ORDER}/`, query: { page_size: 10 } }),

  order: (api: ApiClient, id: string) => api.request<PaymentOrder>({ method: 'GET', path: `${orderPath(id)}/` }),

  payWithWallet: (api: ApiClient, id: string) => api.request<PaymentOrder>({ method: 'POST', path: `${orderPath(id)}/wallet/` }),

  wechatParams: (api: ApiClient, id: string, openid: string) =>
    api.request<WechatPayment>({ method: 'GET', path: `${orderPath(id)}/wechat/`, query: { openid } }),

  /** WeChat Pay's Native pay (a QR code for desktop browsers, docs/decisions/052). */
  wechatNative: (api: ApiClient, id: string) => api.request<WechatNativePayment>({ method: 'GET', path: `${orderPath(id)}/wechat/native/` }),

  /** WeChat Pay's H5 pay (a phone's browser outside WeChat, docs/decisions/069): where to send the browser. */
  wechatH5: (api: ApiClient, id: string, returnUrl: string) =>
    api.request<WechatH5Payment>({ method: 'GET', path: `${orderPath(id)}/wechat/h5/`, query: { return_url: returnUrl } }),

  webPayUrl: (api: ApiClient, id: string, returnUrl: string) =>
    api.request<WebPayment>({ method: 'GET', path: `${orderPath(id)}/alipay/web/`, query: { return_url: returnUrl } }),

  balance: (api: ApiClient) => api.request<WalletBalance>({ method: 'GET', path: '/api/payments/wallet/balance/' }),

  transactions: (api: ApiClient, page = 1) =>
    api.request<Page<WalletTransaction>>({ method: 'GET', path: '/api/payments/wallet/transactions/', query: { page, page_size: 10 } }),

  /** The latest withdrawals with their state (docs/decisions/050). */
  withdrawals: (api: ApiClient, page = 1, pageSize = 5) =>
    api.request<Page<Withdrawal>>({ method: 'GET', path: '/api/payments/wallet/withdrawals/', query: { page, page_size: pageSize } }),

  /** Cancels a withdrawal whose transfer waits for the author's confirmation in WeChat (docs/decisions/064). */
  cancelWithdrawal: (api: ApiClient, id: number) => api.request<Withdrawal>({ method: 'POST', path: `/api/payments/wallet/withdrawals/${id}/cancel/` }),

  withdraw: (api: ApiClient, request: WithdrawRequest) =>
    api.request<Withdrawal>({
      method: 'POST',
      path: '/api/payments/wallet/withdraw/wechat/',
      body: { ...request, currency_code: 'CNY' } satisfies WithdrawRequest,
    }),

  /**
   * The embedded server answers a `MembershipDescription` (shared/payments.ts); the member page reads
   * the answer defensively (`mergePlans`), as other backends list the tiers in other shapes.
   */
  membershipDescription: (api: ApiClient) => api.request<unknown>({ method: 'GET', path: '/api/accounts/membership/description/' }),

  membership: (api: ApiClient) => api.request<MembershipState>({ method: 'GET', path: '/api/accounts/membership/' }),

  /** Decision 051: the caller's subscription renewal on or off; answers the membership. */
  setRenewal: (api: ApiClient, renewal: boolean) =>
    api.request<MembershipState>({ method: 'PUT', path: '/api/accounts/membership/renewal/', body: { renewal } satisfies RenewalRequest }),
};
