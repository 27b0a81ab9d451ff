import { observable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { paymentsApi, type PaymentOrder } from '../../api/payments';
import { failureText } from '../../payments/failureText';
import type { PagedList, PagedListSnapshot } from '../../stores/PagedList';
import { byLink } from '../../stores/pageSource';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';

export interface OrdersSnapshot {
  orders: PagedListSnapshot<PaymentOrder>;
  error: string | null;
}

/** The reader's orders, newest first, 10 a page following `next` (decision 026), and why a page could not be read. */
export class OrdersStore {
  readonly orders: PagedList<PaymentOrder>;
  /** The server's words for the last page that failed (the list stays as it was). */
  error: string | null;

  constructor(api: ApiClient, kit: PageStoreKit, snapshot?: OrdersSnapshot) {
    this.orders = kit.list(
      byLink((next) => paymentsApi.orders(api, next)),
      snapshot?.orders,
    );
    this.error = snapshot?.error ?? null;
    kit.observe(this, { error: observable });
  }

  /** Each visit (the loader) starts again from the newest orders. */
  async load(): Promise<void> {
    runInAction(() => (this.error = null));
    await this.showingFailure(this.orders.reload());
  }

  /** More: the next page, unless one is on its way. */
  more(): Promise<void> {
    return this.showingFailure(this.orders.loadMore());
  }

  private async showingFailure(work: Promise<void>): Promise<void> {
    try {
      await work;
    } catch (failure) {
      runInAction(() => (this.error = failureText(failure)));
    }
  }

  toJSON(): OrdersSnapshot {
    return { orders: this.orders.toJSON(), error: this.error };
  }
}

export const ordersStore = pageStore('profile-orders', (stores, snapshot: OrdersSnapshot | undefined) => new OrdersStore(stores.api, stores.pages, snapshot));
