import { observable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { paymentsApi, type WalletBalance, type WalletTransaction } from '../../api/payments';
import type { Withdrawal } from '../../../shared/payments';
import { failureText } from '../../payments/failureText';
import type { PagedList, PagedListSnapshot } from '../../stores/PagedList';
import { byNumber } from '../../stores/pageSource';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';

/** Transactions a page of `/profile/wallet` (`?page=`). */
export const WALLET_PAGE_SIZE = 10;

export interface WalletSnapshot {
  balance: WalletBalance | null;
  transactions: PagedListSnapshot<WalletTransaction>;
  /** The latest withdrawals, each in its state (pending, processing, paid, failed). */
  withdrawals?: Withdrawal[];
  error: string | null;
}

/** The page of transactions a wallet address asks for: `?page=`, 1 to 100,000, else 1. */
export function walletPageNumber(search: URLSearchParams): number {
  return Math.max(1, Math.min(100_000, Number.parseInt(search.get('page') ?? '1', 10) || 1));
}

/** The wallet page's data: the balance, one page of transactions, and why they could not be read. */
export class WalletStore {
  balance: WalletBalance | null;
  readonly transactions: PagedList<WalletTransaction>;
  withdrawals: Withdrawal[];
  /** The server's words when the last read failed (what was read before stays). */
  error: string | null;
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    kit: PageStoreKit,
    snapshot?: WalletSnapshot,
  ) {
    this.balance = snapshot?.balance ?? null;
    this.transactions = kit.list(
      byNumber((page) => paymentsApi.transactions(api, page)),
      snapshot?.transactions,
    );
    this.withdrawals = snapshot?.withdrawals ?? [];
    this.error = snapshot?.error ?? null;
    kit.observe(this, { balance: observableRef, withdrawals: observableRef, error: observable });
  }

  /** The balance and a page of transactions (the loader, and again after a withdrawal); a failure is shown, and what was read before stays. */
  async load(page: number): Promise<void> {
    const generation = ++this.generation;
    try {
      // Withdrawals are an extra: a backend without the list (an older upstream) leaves them out, not the page.
      const [balance, , withdrawals] = await Promise.all([
        paymentsApi.balance(this.api),
        this.transactions.loadPage(page),
        paymentsApi.withdrawals(this.api).catch(() => null),
      ]);
      if (generation !== this.generation) return;
      runInAction(() => {
        this.balance = balance;
        if (withdrawals) this.withdrawals = withdrawals.results;
        this.error = null;
      });
    } catch (failure) {
      if (generation === this.generation) runInAction(() => (this.error = failureText(failure)));
    }
  }

  toJSON(): WalletSnapshot {
    return { balance: this.balance, transactions: this.transactions.toJSON(), withdrawals: this.withdrawals, error: this.error };
  }
}

export const walletStore = pageStore('profile-wallet', (stores, snapshot: WalletSnapshot | undefined) => new WalletStore(stores.api, stores.pages, snapshot));
