import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import { BOOKLET_END_SLUG, readingOrder } from '../../shared/bookletTree';
import { formatCents } from '../../shared/money';
import { formatPrice } from '../../shared/price';
import type { BookletDetail, BookletItemDetail, BookletRatingItem, Page } from '../../shared/entities';
import { bookletsApi } from '../api/booklets';
import type { ApiClient } from '../api/client';
import { failureText } from '../payments/failureText';
import type { PaymentTrigger } from '../payments/paymentTrigger';

export { failureText };

export interface BookletSnapshot {
  current: BookletDetail | null;
  /** The open chapter or directory, and the booklet it belongs to. */
  item: BookletItemDetail | null;
  itemBooklet: string | null;
  ratings: Page<BookletRatingItem> | null;
  /** The open chapter's body travels once, in the page, not again here (decision 053): its content is empty. */
  bodyInPage?: true;
}

/**
 * The booklet being read: its tree, the open chapter, its ratings. Held by reference:
 * chapter bodies are large and read-only (docs/design.md §8).
 */
export class BookletStore {
  current: BookletDetail | null;
  item: BookletItemDetail | null;
  itemBooklet: string | null;
  ratings: Page<BookletRatingItem> | null;
  fetchingRatings = false;
  /** The rating form: sending, and the server's message when it failed (docs/specification/content-and-commerce.md §8). */
  rating: { sending: boolean; error: string | null; saved: boolean } = { sending: false, error: null, saved: false };
  private pending = new Map<string, Promise<BookletDetail>>();

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<BookletSnapshot>,
    /** Opens the payment panel; absent where nothing can be bought (tests, the server). */
    private readonly payments?: PaymentTrigger,
  ) {
    this.current = snapshot?.current ?? null;
    this.item = snapshot?.item ?? null;
    this.itemBooklet = snapshot?.itemBooklet ?? null;
    this.ratings = snapshot?.ratings ?? null;
    makeStoreObservable<BookletStore, 'setCurrent' | 'setItem'>(this, {
      current: observableRef,
      item: observableRef,
      itemBooklet: observable,
      ratings: observableRef,
      fetchingRatings: observable,
      rating: observableRef,
      setCurrent: action,
      setItem: action,
    });
  }

  /** Loads a booklet unless it is the one here; the layout's and the section's loaders share one call. */
  load(slug: string): Promise<BookletDetail> {
    if (this.current?.slug === slug) return Promise.resolve(this.current);
    const known = this.pending.get(slug);
    if (known) return known;
    const call = bookletsApi
      .get(this.api, slug)
      .then((booklet) => {
        this.setCurrent(booklet);
        return booklet;
      })
      .finally(() => this.pending.delete(slug));
    this.pending.set(slug, call);
    return call;
  }

  /** The chapter or directory `childSlug` of the booklet, unless it is the one open. `end` has no item. */
  async loadItem(slug: string, childSlug: string): Promise<BookletItemDetail | null> {
    if (childSlug === BOOKLET_END_SLUG) return null;
    const open = this.itemOf(slug, childSlug);
    if (open) return open;
    const item = await bookletsApi.item(this.api, slug, childSlug);
    this.setItem(slug, item);
    return item;
  }

  /** The open item when it is this one (a chapter slug is unique only inside its booklet). */
  itemOf(slug: string, childSlug: string): BookletItemDetail | null {
    return this.itemBooklet === slug && this.item?.slug === childSlug ? this.item : null;
  }

  /** The first page of the booklet's ratings (again when it is another booklet). */
  async loadRatings(slug: string): Promise<void> {
    // After the booklet: a new booklet clears the ratings of the last one.
    await this.load(slug);
    if (this.ratings) return;
    const page = await bookletsApi.ratings(this.api, slug);
    runInAction(() => {
      if (this.current?.slug === slug) this.ratings = page;
    });
  }

  async moreRatings(): Promise<void> {
    const { ratings, current } = this;
    if (this.fetchingRatings || !ratings?.next || !current) return;
    runInAction(() => (this.fetchingRatings = true));
    try {
      const page = await bookletsApi.ratings(this.api, current.slug, ratings.next);
      runInAction(() => {
        const known = new Set(ratings.results.map((r) => r.id));
        this.ratings = { ...page, results: [...ratings.results, ...page.results.filter((r) => !known.has(r.id))] };
      });
    } finally {
      runInAction(() => (this.fetchingRatings = false));
    }
  }

  /** Rates the booklet; on failure the form shows the server's text (its detail, a field's message, or the body). */
  async rate(slug: string, rating: number, review: string): Promise<void> {
    runInAction(() => (this.rating = { sending: true, error: null, saved: false }));
    try {
      await bookletsApi.rate(this.api, slug, rating, review);
    } catch (error) {
      runInAction(() => (this.rating = { sending: false, error: failureText(error), saved: false }));
      return;
    }
    // The summary and the list change with it: read them again.
    const [booklet, ratings] = await Promise.all([bookletsApi.get(this.api, slug), bookletsApi.ratings(this.api, slug)]).catch(() => [null, null] as const);
    runInAction(() => {
      if (booklet && this.current?.slug === slug) this.current = booklet;
      if (ratings && this.current?.slug === slug) this.ratings = ratings;
      this.rating = { sending: false, error: null, saved: true };
    });
  }

  /** Whether this booklet, as loaded, still has chapters locked for the reader. */
  hasLockedChapters(slug: string): boolean {
    const current = this.current;
    return current?.slug === slug && readingOrder(current.children).some((chapter) => chapter.detail.locked);
  }

  /**
   * The Buy button: opens the payment panel for the booklet (its id is the order's identity).
   * Once paid the booklet and the open chapter are read again, so the paid chapters open;
   * `afterPaid` refreshes what else shows the paywall (the article page).
   */
  async requestPurchase(slug: string, afterPaid?: () => Promise<void>): Promise<void> {
    const booklet = this.current?.slug === slug ? this.current : await bookletsApi.get(this.api, slug);
    if (booklet.payment.bought) {
      await this.refresh();
      await afterPaid?.();
      return;
    }
    this.payments?.open({
      type: 'booklet',
      identity: String(booklet.id),
      amount: formatCents(booklet.payment.price.amount_cents),
      price: formatPrice(booklet.payment.price),
      label: booklet.name,
      onPaid: async () => {
        await Promise.all([this.refresh(), afterPaid?.()]);
      },
    });
  }

  /** After sign-in the reader may have bought the booklet, or rated it: read the booklet and the open item again. */
  async refresh(): Promise<void> {
    const current = this.current;
    if (!current) return;
    const item = this.item;
    const [booklet, fresh] = await Promise.all([
      bookletsApi.get(this.api, current.slug),
      item ? bookletsApi.item(this.api, current.slug, item.slug) : Promise.resolve(null),
    ]);
    if (this.current?.slug !== current.slug) return;
    this.setCurrent(booklet);
    if (fresh && this.itemBooklet === current.slug && this.item?.slug === fresh.slug) this.setItem(current.slug, fresh);
  }

  private setCurrent(booklet: BookletDetail): void {
    if (this.current?.slug !== booklet.slug) {
      this.ratings = null;
      this.rating = { sending: false, error: null, saved: false };
    }
    this.current = booklet;
  }

  private setItem(slug: string, item: BookletItemDetail): void {
    this.itemBooklet = slug;
    this.item = item;
  }

  /** The server's snapshot: a chapter body the page shows is left out of it (decision 053). */
  toJSON(): BookletSnapshot {
    const snapshot = { current: this.current, item: this.item, itemBooklet: this.itemBooklet, ratings: this.ratings };
    const { item } = this;
    if (!item?.detail || item.locked || item.detail.content === '') return snapshot;
    return { ...snapshot, item: { ...item, detail: { ...item.detail, content: '' } }, bodyInPage: true };
  }
}
