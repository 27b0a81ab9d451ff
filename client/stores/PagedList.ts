import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import type { Page } from '../../shared/entities';
import type { PageSource } from './pageSource';

/** A list as the server left it, read again before hydration (the shape PagedArticles wrote). */
export interface PagedListSnapshot<T> {
  items: T[];
  count: number;
  next: string | null;
  loaded: boolean;
  /** The page shown last; written for lists paged by number only. */
  page?: number;
}

/**
 * A list loaded page by page, with the page, loading and finished flags of
 * docs/specification/content-and-commerce.md §4. Its users: home and discovery (`RootStore.feed`),
 * a column's originals and favourites (ColumnStore), orders (OrdersStore), wallet transactions
 * (WalletStore), an article's comments (CommentsStore), the bell's and the notification page's
 * lists (NotificationList), and in the editor the article list or trash (ArticleListStore), the
 * booklet list or trash and the add-article picker (BookletManagerStore).
 *
 * A page that fails rejects and leaves the list as it was; a later first page (reload, another
 * page number) wins over one still on its way. A store that keeps the list in step with its own
 * writes (a new comment, a saved article) puts items in, changes or drops them in place.
 */
export class PagedList<T extends { readonly id: string | number }> {
  items: T[];
  count: number;
  next: string | null;
  /** The page taken last: 1 after the first, one more after each further page; 0 before any. */
  page: number;
  loaded: boolean;
  loading = false;
  private generation = 0;

  constructor(
    private readonly source: PageSource<T>,
    snapshot?: Partial<PagedListSnapshot<T>>,
  ) {
    this.items = snapshot?.items ?? [];
    this.count = snapshot?.count ?? 0;
    this.next = snapshot?.next ?? null;
    this.loaded = snapshot?.loaded ?? false;
    this.page = snapshot?.page ?? (this.loaded ? 1 : 0);
    makeStoreObservable(this, {
      items: observableRef,
      count: observable,
      next: observable,
      page: observable,
      loaded: observable,
      loading: observable,
      replace: action,
      prepend: action,
      update: action,
      remove: action,
    });
  }

  /** Finished when the results reach the count. */
  get finished(): boolean {
    return this.loaded && this.items.length >= this.count;
  }

  /** The first page, unless the list has one already (from the server's snapshot, or an earlier visit). */
  async loadFirst(): Promise<void> {
    if (this.loaded) return;
    await this.reload();
  }

  /** The first page again, in place of the list (which stays until it arrives). */
  async reload(): Promise<void> {
    await this.loadPage(1);
  }

  /**
   * One page in place of the list: any page of a list paged by number; a list paged by link
   * can only name its first. True once the page is the list, false when a later first page
   * took its place while it was on its way (a store that acts on the page shown, as the
   * notifications clear the unread count, acts only then).
   */
  async loadPage(page: number): Promise<boolean> {
    const source = this.source;
    if (source.by === 'link' && page !== 1) throw new RangeError(`a list paged by link has no page ${page}`);
    return this.take(() => (source.by === 'link' ? source.fetch() : source.fetch(page)), page, true);
  }

  /** The next page, appended; skipped while a page loads or when there is none. */
  async loadMore(): Promise<void> {
    const next = this.next;
    if (this.loading || !next) return;
    const source = this.source;
    const page = this.page + 1;
    await this.take(() => (source.by === 'link' ? source.fetch(next) : source.fetch(page)), page, false);
  }

  /** Takes a page fetched elsewhere (a column's first pages come with the column): the first replaces the list, later ones append (without repeats). */
  replace(answer: Pick<Page<T>, 'count' | 'next' | 'results'>, first: boolean): void {
    if (first) this.generation++;
    this.accept(answer, first ? 1 : this.page + 1, first);
  }

  /**
   * An item the store made itself (a new comment, a saved article) first in the list: a new one
   * counts one more; one the list has already moves up, in this version.
   */
  prepend(item: T): void {
    const had = this.items.some((known) => known.id === item.id);
    this.items = [item, ...this.items.filter((known) => known.id !== item.id)];
    if (!had) this.count++;
  }

  /** The item with this id, changed where it stands (a reply added to a comment, new marks); the others stay as they are. */
  update(id: T['id'], change: (item: T) => T): void {
    this.items = this.items.map((item) => (item.id === id ? change(item) : item));
  }

  /** The item with this id out of the list (deleted, restored from the trash), counting one fewer. */
  remove(id: T['id']): void {
    if (!this.items.some((item) => item.id === id)) return;
    this.items = this.items.filter((item) => item.id !== id);
    this.count = Math.max(0, this.count - 1);
  }

  private async take(fetch: () => Promise<Page<T>>, page: number, first: boolean): Promise<boolean> {
    const generation = first ? ++this.generation : this.generation;
    runInAction(() => (this.loading = true));
    try {
      const answer = await fetch();
      // A first page asked for since then replaced the list this one belonged to.
      if (generation !== this.generation) return false;
      runInAction(() => this.accept(answer, page, first));
      return true;
    } finally {
      if (generation === this.generation) runInAction(() => (this.loading = false));
    }
  }

  private accept(answer: Pick<Page<T>, 'count' | 'next' | 'results'>, page: number, first: boolean): void {
    const seen = new Set(first ? [] : this.items.map((item) => item.id));
    this.items = [...(first ? [] : this.items), ...answer.results.filter((item) => !seen.has(item.id))];
    this.count = answer.count;
    this.next = answer.next;
    this.page = page;
    this.loaded = true;
  }

  toJSON(): PagedListSnapshot<T> {
    const snapshot: PagedListSnapshot<T> = { items: this.items, count: this.count, next: this.next, loaded: this.loaded };
    return this.source.by === 'number' ? { ...snapshot, page: this.page } : snapshot;
  }
}
