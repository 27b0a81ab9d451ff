import { observable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import type { SubscriptionState } from '../../../shared/subscriptions';
import { paymentsApi, type MembershipState } from '../../api/payments';
import { failureText } from '../../payments/failureText';
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
  /** A renewal change is on its way; its failure's text until the next try (decision 051). */
  renewalSaving = false;
  renewalError: string | null = null;

  constructor(
    private readonly quietApi: ApiClient,
    private readonly account: AccountStore,
    kit: PageStoreKit,
    snapshot?: MemberSnapshot,
  ) {
    this.plans = snapshot?.plans ?? fallbackPlans();
    this.membership = snapshot?.membership ?? null;
    kit.observe(this, { plans: observableRef, membership: observableRef, renewalSaving: observable, renewalError: observable });
  }

  /** The reader's subscription while their membership runs (decision 051); null otherwise. */
  get subscription(): SubscriptionState | null {
    const membership = this.membership;
    if (!membership || membership.expired || !membership.subscription) return null;
    return membership.subscription;
  }

  /** Decision 051: while a subscription runs with renewal off, the subscription price is not sold. */
  get subscriptionBuyBlocked(): boolean {
    return this.subscription !== null && !this.subscription.renewal;
  }

  /** The offer that renews the running subscription: its key and price, from the plans shown. */
  get renewOffer(): { key: string; cents: number } | null {
    const subscription = this.subscription;
    if (!subscription?.renewal) return null;
    for (const plan of this.plans) {
      for (const offer of [plan.monthly, plan.annual]) if (offer?.key === subscription.identity) return { key: offer.key, cents: offer.cents };
    }
    return null;
  }

  /** Turns renewal on or off; the answer is the membership shown. A failure is shown, nothing changes. */
  async setRenewal(renewal: boolean): Promise<void> {
    if (this.renewalSaving) return;
    runInAction(() => {
      this.renewalSaving = true;
      this.renewalError = null;
    });
    try {
      const membership = await paymentsApi.setRenewal(this.quietApi, renewal);
      runInAction(() => (this.membership = membership));
    } catch (error) {
      runInAction(() => (this.renewalError = failureText(error)));
    } finally {
      runInAction(() => (this.renewalSaving = false));
    }
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
