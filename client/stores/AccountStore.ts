import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import type { AccountInfo } from '../../shared/entities';
import { accountsApi } from '../api/accounts';
import { ApiRequestError, type ApiClient } from '../api/client';

export interface AccountSnapshot {
  info: AccountInfo;
  /** True once the info call answered (on the server, for this request). */
  loaded: boolean;
}

/** The signed-in account (docs/specification/shell.md §3): `id` absent when signed out. */
export class AccountStore {
  info: AccountInfo;
  loaded: boolean;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<AccountSnapshot>,
  ) {
    this.info = snapshot?.info ?? {};
    this.loaded = snapshot?.loaded ?? false;
    makeStoreObservable<AccountStore, 'setInfo'>(this, {
      info: observableRef,
      loaded: observable,
      setInfo: action,
    });
  }

  get id(): number | null {
    return this.info.id ?? null;
  }

  get username(): string | null {
    return this.info.username ?? null;
  }

  get signedIn(): boolean {
    return this.id !== null;
  }

  /**
   * Loads the account once; later calls share the same answer. A refusal (4xx) counts
   * as signed out; a backend that is down or slow is an error the page must show.
   */
  ensureLoaded(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    this.loading ??= accountsApi
      .info(this.api)
      .then((info) => this.setInfo(info))
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) {
          this.loading = null;
          throw error;
        }
        this.setInfo({});
      });
    return this.loading;
  }

  /** Reads the account again after something changed it (a membership redeemed or bought): the header's badge follows. */
  async refresh(): Promise<void> {
    const info = await accountsApi.info(this.api);
    this.setInfo(info);
  }

  /** Signs in by e-mail and password; throws the API error for the caller to explain. */
  async signIn(email: string, password: string): Promise<void> {
    const info = await accountsApi.signIn(this.api, email, password);
    this.setInfo(info);
  }

  /** Ends the session on the server, then forgets the account here. */
  async signOut(): Promise<void> {
    await accountsApi.signOut(this.api);
    runInAction(() => this.setInfo({}));
  }

  /** Asks for a password-reset mail (the server answers the same for unknown addresses). */
  async requestPasswordReset(email: string): Promise<void> {
    await accountsApi.resetPassword(this.api, email);
  }

  /** Sets a new password with the token from the reset mail. */
  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    await accountsApi.confirmPasswordReset(this.api, token, newPassword);
  }

  private setInfo(info: AccountInfo): void {
    this.info = info;
    this.loaded = true;
  }

  toJSON(): AccountSnapshot {
    return { info: this.info, loaded: this.loaded };
  }
}
