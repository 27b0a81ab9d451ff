import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { redeemApi, type RedeemCodeView, type RedeemResult } from '../../api/redeem';
import type { MessageParams } from '../../i18n/translate';
import type { RedeemTextKey } from './texts';

export interface RedeemMessage {
  key: RedeemTextKey;
  params?: MessageParams;
}

/** The server's refusals (server/redeem/redeemCodes.ts), in the reader's language. */
const REFUSALS: Readonly<Record<string, RedeemTextKey>> = {
  'Invalid redeem code.': 'error.invalid',
  'This redeem code has expired.': 'error.expired',
  'This redeem code has already been used.': 'error.used',
  'You already own this booklet.': 'error.owned',
  'This booklet is your own.': 'error.ownBooklet',
};

/** The redeem form: the typed code, what it gives, and the outcome of spending it. */
export class RedeemStore {
  code: string;
  preview: RedeemCodeView | null = null;
  result: RedeemResult | null = null;
  busy = false;
  error: RedeemMessage | null = null;

  constructor(
    private readonly api: ApiClient,
    initialCode = '',
    /** Called after a code is redeemed: the account (membership, badge) changed. */
    private readonly onRedeemed: () => Promise<void> = async () => {},
  ) {
    this.code = initialCode.toUpperCase().slice(0, 32);
    makeObservable(this, {
      code: observable,
      preview: observableRef,
      result: observableRef,
      busy: observable,
      error: observableRef,
      setCode: action,
    });
  }

  /** Whether the typed text has a code's length, whatever its dashes and spaces. */
  get complete(): boolean {
    return this.code.replace(/[\s-]/g, '').length === 16;
  }

  setCode(code: string): void {
    this.code = code.toUpperCase().slice(0, 32);
    this.preview = null;
    this.error = null;
  }

  /** Shows what a complete code gives before it is spent; a failure is only shown when asked to redeem. */
  async lookUp(): Promise<void> {
    if (!this.complete) return;
    const code = this.code;
    try {
      const preview = await redeemApi.lookUp(this.api, code);
      runInAction(() => {
        if (this.code === code) this.preview = preview;
      });
    } catch {
      // An unknown code is explained when the reader presses Redeem.
    }
  }

  async redeem(): Promise<void> {
    if (this.busy) return;
    if (!this.complete) {
      runInAction(() => (this.error = { key: 'error.invalid' }));
      return;
    }
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const result = await redeemApi.redeem(this.api, this.code);
      runInAction(() => {
        this.result = result;
        this.preview = null;
      });
      await this.onRedeemed().catch(() => {});
    } catch (error) {
      runInAction(() => (this.error = redeemErrorMessage(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

export function redeemErrorMessage(error: unknown): RedeemMessage {
  if (!(error instanceof ApiRequestError) || error.status === 0) return { key: 'error.network' };
  if (error.status === 429) return { key: 'error.throttled' };
  if (error.status === 401 || (error.status === 403 && !error.message.startsWith('CSRF'))) return { key: 'error.signIn' };
  const known = REFUSALS[error.message];
  if (known) return { key: known };
  if (error.status === 400) return { key: 'error.invalid' };
  return { key: 'error.failed', params: { status: error.status } };
}
