import { observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { paymentsApi, type MembershipState } from '../../api/payments';
import type { AccountStore } from '../../stores/AccountStore';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';
import { fallbackPlans, mergePlans, type MemberPlan } from './plans';

export interface MemberSnapshot {
  plans: MemberPlan[];
  membership: MembershipState | null;
}

/**
 * The data of `/member`: the tiers (the seed's list prices, with the server's description
 * over them) and, signed in, the reader's membership. Both calls are quiet: a failure leaves
 * what the page shows (the list prices, no membership line).
 */
export class MemberStore {
  plans: MemberPlan[];
  membership: MembershipState | null;

  constructor(
    private readonly quietApi: ApiClient,
    private readonly account: AccountStore,
    kit: PageStoreKit,
    snapshot?: MemberSnapshot,
  ) {
    this.plans = snapshot?.plans ?? fallbackPlans();
    this.membership = snapshot?.membership ?? null;
    kit.observe(this, { plans: observableRef, membership: observableRef });
  }

  /** The loader: the description and the membership, side by side. */
  async load(): Promise<void> {
    await Promise.all([this.loadPlans(), this.refresh()]);
  }

  /** The reader's membership, when signed in (again after a sign-in in the overlay: a Buy waits for it). */
  async refresh(): Promise<void> {
    try {
      // The root route's loader asks for the account at the same time; they share the call.
      await this.account.ensureLoaded();
      if (!this.account.signedIn) return;
      const membership = await paymentsApi.membership(this.quietApi);
      runInAction(() => (this.membership = membership));
    } catch {
      // Quiet: no membership line.
    }
  }

  private async loadPlans(): Promise<void> {
    try {
      const description = await paymentsApi.membershipDescription(this.quietApi);
      runInAction(() => (this.plans = mergePlans(fallbackPlans(), description)));
    } catch {
      // Quiet: the list prices stay.
    }
  }

  toJSON(): MemberSnapshot {
    return { plans: this.plans, membership: this.membership };
  }
}

export const memberStore = pageStore(
  'member',
  (stores, snapshot: MemberSnapshot | undefined) => new MemberStore(stores.quietApi, stores.account, stores.pages, snapshot),
);
