import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import type { ArticleSummary, Page } from '../../shared/entities';

export interface PagedArticlesSnapshot {
  items: ArticleSummary[];
  count: number;
  next: string | null;
  loaded: boolean;
}

/** Fetches the first page (no link) or the page a `next` link names. */
export type ArticlePageFetcher = (next?: string) => Promise<Page<ArticleSummary>>;

/**
 * A list of articles loaded page by page (home, discovery, a column's originals and
 * favourites), with the page, loading and finished flags of seed 001 §4.
 */
export class PagedArticles {
  items: ArticleSummary[];
  count: number;
  next: string | null;
  loaded: boolean;
  loading = false;

  constructor(
    private readonly fetchPage: ArticlePageFetcher,
    snapshot?: Partial<PagedArticlesSnapshot>,
  ) {
    this.items = snapshot?.items ?? [];
    this.count = snapshot?.count ?? 0;
    this.next = snapshot?.next ?? null;
    this.loaded = snapshot?.loaded ?? false;
    makeStoreObservable(this, {
      items: observableRef,
      count: observable,
      next: observable,
      loaded: observable,
      loading: observable,
      replace: action,
    });
  }

  /** Finished when the results reach the count. */
  get finished(): boolean {
    return this.loaded && this.items.length >= this.count;
  }

  async loadFirst(): Promise<void> {
    if (this.loaded) return;
    this.replace(await this.fetchPage(), true);
  }

  /** The next page; skipped while one loads or when there is none. */
  async loadMore(): Promise<void> {
    if (this.loading || !this.next) return;
    runInAction(() => (this.loading = true));
    try {
      this.replace(await this.fetchPage(this.next), false);
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Takes a page: the first replaces the list, later ones append (without repeats). */
  replace(page: Pick<Page<ArticleSummary>, 'count' | 'next' | 'results'>, first: boolean): void {
    const seen = new Set(first ? [] : this.items.map((a) => a.id));
    this.items = [...(first ? [] : this.items), ...page.results.filter((a) => !seen.has(a.id))];
    this.count = page.count;
    this.next = page.next;
    this.loaded = true;
  }

  toJSON(): PagedArticlesSnapshot {
    return { items: this.items, count: this.count, next: this.next, loaded: this.loaded };
  }
}
