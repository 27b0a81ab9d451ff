import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { redeemApi, type OwnReferral, type ReferralAnswer } from '../../api/redeem';
import type { MessageParams } from '../../i18n/translate';
import type { ReferralTextKey } from './texts';

const REFUSALS: Readonly<Record<string, ReferralTextKey>> = {
  'Invalid referral code.': 'error.invalid',
  'You cannot refer yourself.': 'error.own',
  'You already have a referrer.': 'error.already',
};

/** The invitation page: accept a friend's code, or show one's own link. */
export class ReferralStore {
  accepted: ReferralAnswer | null = null;
  own: OwnReferral | null = null;
  error: { key: ReferralTextKey; params?: MessageParams } | null = null;
  busy = false;

  constructor(private readonly api: ApiClient) {
    makeObservable(this, { accepted: observableRef, own: observableRef, error: observableRef, busy: observable });
  }

  /** Records the friend's code (signed in), or has the server keep it in a cookie until sign-in. */
  async accept(code: string): Promise<void> {
    await this.run(async () => {
      const accepted = await redeemApi.recordReferral(this.api, code);
      runInAction(() => (this.accepted = accepted));
    });
  }

  async loadOwn(): Promise<void> {
    await this.run(async () => {
      const own = await redeemApi.ownReferral(this.api);
      runInAction(() => (this.own = own));
    });
  }

  private async run(work: () => Promise<void>): Promise<void> {
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      await work();
    } catch (error) {
      runInAction(() => (this.error = referralErrorMessage(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

export function referralErrorMessage(error: unknown): { key: ReferralTextKey; params?: MessageParams } {
  if (!(error instanceof ApiRequestError)) return { key: 'error.failed', params: { status: 0 } };
  if (error.status === 429) return { key: 'error.throttled' };
  const known = REFUSALS[error.message];
  if (known) return { key: known };
  if (error.status === 400) return { key: 'error.invalid' };
  return { key: 'error.failed', params: { status: error.status } };
}
