import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ArticleSummary } from '../../shared/entities';
import { articlesApi } from '../api/articles';
import type { ApiClient } from '../api/client';

export interface FeedSnapshot {
  items: ArticleSummary[];
  count: number;
  next: string | null;
  loaded: boolean;
}

/** The public articles of the home and discovery pages, page by page. */
export class FeedStore {
  items: ArticleSummary[];
  count: number;
  next: string | null;
  loaded: boolean;
  loading = false;

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<FeedSnapshot>,
  ) {
    this.items = snapshot?.items ?? [];
    this.count = snapshot?.count ?? 0;
    this.next = snapshot?.next ?? null;
    this.loaded = snapshot?.loaded ?? false;
    makeObservable<FeedStore, 'append'>(this, {
      items: observableRef,
      count: observable,
      next: observable,
      loaded: observable,
      loading: observable,
      append: action,
    });
  }

  /** Seed 001 §4: finished when the results reach the count. */
  get finished(): boolean {
    return this.loaded && this.items.length >= this.count;
  }

  async loadFirst(): Promise<void> {
    if (this.loaded) return;
    this.append(await articlesApi.publicList(this.api), true);
  }

  /** The next page; skipped while one loads or when there is none. */
  async loadMore(): Promise<void> {
    if (this.loading || !this.next) return;
    runInAction(() => (this.loading = true));
    try {
      this.append(await articlesApi.publicList(this.api, this.next), false);
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  private append(page: { count: number; next: string | null; results: ArticleSummary[] }, first: boolean): void {
    const seen = new Set(first ? [] : this.items.map((a) => a.id));
    this.items = [...(first ? [] : this.items), ...page.results.filter((a) => !seen.has(a.id))];
    this.count = page.count;
    this.next = page.next;
    this.loaded = true;
  }

  toJSON(): FeedSnapshot {
    return { items: this.items, count: this.count, next: this.next, loaded: this.loaded };
  }
}
