import { observable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { paymentsApi, type PaymentOrder } from '../../api/payments';
import { failureText } from '../../payments/failureText';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';

export interface ReturnSnapshot {
  order: PaymentOrder | null;
  error: string | null;
}

/** How often the page asks about an order still waiting, and for how long before it leaves the asking to the reader. */
export const RETURN_POLL_MS = 2000;
export const RETURN_POLL_LIMIT_MS = 2 * 60_000;

/**
 * The order WeChat's H5 cashier brought the payer back for (docs/decisions/069). Each look is
 * the order poll (`GET /api/payments/order/{id}/`), which asks WeChat Pay about a pending order
 * and settles it when paid, so the page shows a payment before its notification arrives. WeChat
 * may send the payer back before the payment is done: a pending order is asked about again every
 * few seconds for a while, then when the reader says they paid.
 */
export class ReturnStore {
  order: PaymentOrder | null;
  error: string | null;
  /** Asked for long enough without an answer either way: the reader checks again by hand. */
  waitedOut = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: ApiClient,
    kit: PageStoreKit,
    snapshot?: ReturnSnapshot,
  ) {
    this.order = snapshot?.order ?? null;
    this.error = snapshot?.error ?? null;
    kit.observe(this, { order: observableRef, error: observable, waitedOut: observable });
  }

  /** True while the order may still turn paid. */
  get waiting(): boolean {
    return this.order !== null && (this.order.status === 'pending' || this.order.status === 'created');
  }

  /** One look at the order. */
  async load(ref: string): Promise<void> {
    try {
      const order = await paymentsApi.order(this.api, ref);
      runInAction(() => {
        this.order = order;
        this.error = null;
      });
    } catch (failure) {
      runInAction(() => (this.error = failureText(failure)));
    }
  }

  /** In the browser: asks again every few seconds while the order waits, until `limitMs` has passed. */
  follow(ref: string, limitMs = RETURN_POLL_LIMIT_MS): void {
    this.stop();
    runInAction(() => (this.waitedOut = false));
    const until = Date.now() + limitMs;
    const tick = async () => {
      this.timer = null;
      if (!this.waiting) return;
      await this.load(ref);
      if (!this.waiting) return;
      if (Date.now() >= until) {
        runInAction(() => (this.waitedOut = true));
        return;
      }
      this.timer = setTimeout(() => void tick(), RETURN_POLL_MS);
    };
    this.timer = setTimeout(() => void tick(), RETURN_POLL_MS);
  }

  /** "I have paid: check again": one look now, then following again. */
  async check(ref: string): Promise<void> {
    this.stop();
    await this.load(ref);
    this.follow(ref);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  toJSON(): ReturnSnapshot {
    return { order: this.order, error: this.error };
  }
}

export const returnStore = pageStore('payment-return', (stores, snapshot: ReturnSnapshot | undefined) => new ReturnStore(stores.api, stores.pages, snapshot));
