// Created by the payment panel only, in the browser: observable as every browser store.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ClientShell } from '../../shared/clientType';
import { sitePath } from '../../shared/sitePath';
import type { ApiClient } from '../api/client';
import { paymentsApi, type PaymentOrder, type WalletBalance, type WechatAppParams } from '../api/payments';
import { failureText } from './failureText';
import type { PaymentRequest } from './paymentTrigger';
import type { TrackingEvent } from '../../shared/tracking';

/** docs/specification/shell.md §4 / 001 §4: the payment panel's status tag. */
export type PaymentStatus =
  | { tag: null }
  | { tag: 'creating' }
  | { tag: 'created' }
  | { tag: 'pending' }
  | { tag: 'success' }
  | { tag: 'failed'; msg: string }
  | { tag: 'unsure' }
  /** WeChat Pay's QR code is shown and the order polled (docs/decisions/052); `checkoutUrl`: the sandbox's page it encodes. */
  | { tag: 'scan'; codeUrl: string; checkoutUrl: string | null }
  /** The order closed before it was paid (its QR code expired). */
  | { tag: 'expired' };

/** How often the panel asks whether a QR code was paid, and for how long before it asks the reader instead. */
export const QR_POLL_MS = 2000;
export const QR_POLL_LIMIT_MS = 10 * 60_000;

/** The chat app's answer to a successful pay call. */
export const WECHAT_PAY_OK = 'get_brand_wcpay_request:ok';

/** What the panel needs from the page it runs in; replaced in tests. */
export interface PaymentPlatform {
  shell: ClientShell;
  currentUrl(): string;
  navigate(url: string): void;
  /** Navigates sending this page's origin as the Referer, which WeChat's H5 cashier checks (docs/decisions/069). */
  navigateWithOrigin(url: string): void;
  reload(): void;
  /** WeixinJSBridge getBrandWCPayRequest: resolves with its err_msg. */
  wechatPay(params: WechatAppParams): Promise<string>;
  /** The payment open id the payment login left for this page, if any. */
  wechatOpenId(): string | null;
  /** Starts the native app's payment for the order; false when the app has no bridge. */
  nativePay(orderId: string): boolean;
}

/** The payment panel's state machine: one order at a time, from creating to success or failure. */
export class PaymentStore {
  status: PaymentStatus = { tag: null };
  order: PaymentOrder | null = null;
  balance: WalletBalance | null = null;
  private request: PaymentRequest | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly platform: PaymentPlatform,
    /** The log service's track action: each step of an order is an event with its id (docs/specification/shell.md §7). */
    private readonly track: (event: TrackingEvent) => void = () => {},
  ) {
    makeObservable<PaymentStore, 'setStatus' | 'request'>(this, {
      request: observableRef,
      status: observableRef,
      order: observableRef,
      balance: observable,
      setStatus: action,
      retry: action,
      clear: action,
    });
  }

  /** True while an order has an id or is being created: a second one cannot start (docs/specification/content-and-commerce.md §4). */
  get busy(): boolean {
    return this.order !== null || this.status.tag === 'creating';
  }

  get inMiniProgram(): boolean {
    return this.platform.shell === 'miniprogram';
  }

  /**
   * Opens the panel for a purchase. The order is created when the reader chooses how to pay
   * (ensureOrder), so a panel opened and closed leaves none behind; the wallet balance is fetched
   * for the method list meanwhile. The native app's payment and the mini program's notice need the
   * order at once.
   */
  async start(request: PaymentRequest): Promise<void> {
    if (this.busy || this.request) return;
    runInAction(() => (this.request = request));
    if (this.platform.shell === 'app' || this.platform.shell === 'miniprogram') {
      const order = await this.ensureOrder();
      if (order && this.platform.shell === 'app' && this.platform.nativePay(order.id)) this.setStatus({ tag: 'unsure' });
      if (this.platform.shell === 'miniprogram' || order === null || this.status.tag === 'unsure') return;
    }
    try {
      const balance = await paymentsApi.balance(this.api);
      runInAction(() => (this.balance = balance));
    } catch {
      // The balance method then says it cannot tell; the other methods still work.
    }
  }

  /** True while the reader may choose a method: before the order exists, or with it created and unpaid. */
  get choosing(): boolean {
    return this.request !== null && (this.status.tag === null || this.status.tag === 'created');
  }

  /** The order of the purchase, created on the reader's first choice of a method; null when it could not be (failed). */
  private async ensureOrder(): Promise<PaymentOrder | null> {
    const request = this.request;
    if (this.order) return this.order;
    if (!request || this.status.tag !== null) return null;
    this.setStatus({ tag: 'creating' });
    let order: PaymentOrder;
    try {
      order = await paymentsApi.createOrder(this.api, { type: request.type, identity: request.identity, amount: request.amount });
    } catch (error) {
      this.setStatus({ tag: 'failed', msg: failureText(error) });
      return null;
    }
    if (this.request !== request) return null;
    runInAction(() => (this.order = order));
    this.setStatus({ tag: 'created' });
    return order;
  }

  /** The order to pay with a chosen method: created now when there is none, null when the panel cannot pay (busy, failed, closed). */
  private async chosen(): Promise<PaymentOrder | null> {
    if (!this.choosing) return null;
    return this.ensureOrder();
  }

  /**
   * Pays `order` (none: nothing to do) with `pay`, pending meanwhile; when `pay` throws, failed with
   * its reason. True when `pay` went through.
   */
  private async payPending(order: PaymentOrder | null, pay: (order: PaymentOrder) => Promise<unknown>): Promise<boolean> {
    if (!order) return false;
    this.setStatus({ tag: 'pending' });
    try {
      await pay(order);
      return true;
    } catch (error) {
      this.setStatus({ tag: 'failed', msg: failureText(error) });
      return false;
    }
  }

  /** Pays from the wallet balance. */
  async payWithWallet(): Promise<void> {
    if (await this.payPending(await this.chosen(), (order) => paymentsApi.payWithWallet(this.api, order.id))) await this.succeed();
  }

  /** Chat-app pay inside the chat app's browser; without a payment open id, the payment login first. */
  async payWithWechat(): Promise<void> {
    if (!this.choosing) return;
    const openid = this.platform.wechatOpenId();
    if (!openid) {
      // The login takes a path on this site (shared/safeNext.ts) and comes back with `openid`.
      const here = new URL(this.platform.currentUrl());
      this.platform.navigate(`/accounts/login/wechat_payment/?next=${encodeURIComponent(sitePath(here.pathname) + here.search)}`);
      return;
    }
    await this.payPending(await this.ensureOrder(), async (order) => {
      const { app_params, sandbox_checkout_url } = await paymentsApi.wechatParams(this.api, order.id, openid);
      if (sandbox_checkout_url) {
        // The sandbox provider (decision 025): no chat-app bridge can pay its orders, so the payer confirms on its checkout page.
        const checkout = new URL(sandbox_checkout_url);
        checkout.searchParams.set('return_url', this.platform.currentUrl());
        this.setStatus({ tag: 'unsure' });
        this.platform.navigate(checkout.toString());
        return;
      }
      const result = await this.platform.wechatPay(app_params);
      if (result === WECHAT_PAY_OK) {
        this.platform.reload();
        return;
      }
      this.setStatus({ tag: 'failed', msg: result });
    });
  }

  /** WeChat Pay's QR code on a desktop browser: shown in the panel, the order polled until it is paid or closed. */
  async payWithWechatQr(): Promise<void> {
    await this.payPending(await this.chosen(), async (order) => {
      const native = await paymentsApi.wechatNative(this.api, order.id);
      if (this.order !== order) return;
      this.setStatus({ tag: 'scan', codeUrl: native.code_url, checkoutUrl: native.sandbox_checkout_url ?? null });
      this.poll(order.id, Date.now() + QR_POLL_LIMIT_MS);
    });
  }

  /** Stops asking about a QR code's order (the panel closed or went away). */
  stopPolling(): void {
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  /**
   * WeChat Pay's H5 pay in a phone's browser (docs/decisions/069): the browser goes to WeChat's
   * cashier, which opens the chat app to pay and then brings the reader to our return page.
   */
  async payWithWechatH5(): Promise<void> {
    await this.payPending(await this.chosen(), async (order) => {
      const { h5_url } = await paymentsApi.wechatH5(this.api, order.id, this.platform.currentUrl());
      // Should the reader come back without the cashier's redirect (the back button), ask.
      this.setStatus({ tag: 'unsure' });
      this.platform.navigateWithOrigin(h5_url);
    });
  }

  /** Web pay: the reader goes to the payment service, which brings them back here. */
  async payOnWeb(): Promise<void> {
    await this.payPending(await this.chosen(), async (order) => {
      const { url } = await paymentsApi.webPayUrl(this.api, order.id, this.platform.currentUrl());
      // Should the reader come back without the service's redirect (the back button), ask.
      this.setStatus({ tag: 'unsure' });
      this.platform.navigate(url);
    });
  }

  /** Retry and 'Try again': back to choosing a method, with the order when it was created and is still open. */
  retry(): void {
    this.stopPolling();
    if (this.status.tag === 'expired') this.order = null;
    this.status = this.order ? { tag: 'created' } : { tag: null };
  }

  /** 'Have you finished payment?' -> Finished reloads the page, which reads the order's effects. */
  finished(): void {
    this.platform.reload();
  }

  /** Closing the panel clears the order; after a membership success the page reloads for the new tier. */
  clear(): void {
    const reload = this.status.tag === 'success' && this.request?.reloadAfterSuccess === true;
    this.stopPolling();
    if (this.order && this.status.tag !== 'success') this.track({ cate: 'payment', event: 'order_closed', order_id: this.order.id });
    this.status = { tag: null };
    this.order = null;
    this.balance = null;
    this.request = null;
    if (reload) this.platform.reload();
  }

  private poll(orderId: string, until: number): void {
    this.stopPolling();
    this.pollTimer = setTimeout(() => void this.check(orderId, until), QR_POLL_MS);
  }

  /** One look at a QR code's order: paid is success, closed or failed is expired, a lost answer asks again. */
  private async check(orderId: string, until: number): Promise<void> {
    this.pollTimer = null;
    const scanning = () => this.status.tag === 'scan' && this.order?.id === orderId;
    if (!scanning()) return;
    let order: PaymentOrder | null = null;
    try {
      order = await paymentsApi.order(this.api, orderId);
    } catch {
      // Asked again at the next tick: one lost answer is no failure of the payment.
    }
    if (!scanning()) return;
    if (order?.status === 'paid') {
      await this.succeed();
      return;
    }
    if (order && (order.status === 'closed' || order.status === 'failed' || order.status === 'refunded')) {
      this.setStatus({ tag: 'expired' });
      return;
    }
    if (Date.now() >= until) {
      // Still not paid after all this time: the reader says whether they did (Finished reloads).
      this.setStatus({ tag: 'unsure' });
      return;
    }
    this.poll(orderId, until);
  }

  private async succeed(): Promise<void> {
    this.setStatus({ tag: 'success' });
    await Promise.resolve(this.request?.onPaid?.()).catch(() => {});
  }

  private setStatus(status: PaymentStatus): void {
    this.status = status;
    const orderId = this.order?.id;
    if (status.tag === 'created' && orderId) this.track({ cate: 'payment', event: 'order_created', order_id: orderId });
    if (status.tag === 'success') this.track({ cate: 'payment', event: 'order_paid', order_id: orderId });
    if (status.tag === 'failed') this.track({ cate: 'payment', event: 'order_failed', order_id: orderId, msg: status.msg });
  }
}
