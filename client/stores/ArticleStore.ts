import { action, observableRef } from 'mobx';
import { makeStoreObservable } from './observable';
import type { ArticleDetail } from '../../shared/entities';
import { articlesApi } from '../api/articles';
import type { ApiClient } from '../api/client';
import { socialApi } from '../api/social';

export interface ArticleSnapshot {
  current: ArticleDetail | null;
  /**
   * The body travels once, as the page's rendered HTML, not again in the snapshot (decision 053):
   * `current.content` is empty here and the browser reads it back from the page before hydrating.
   */
  bodyInPage?: true;
}

/** The article being read. Held by reference: its body is large and read-only (docs/design.md §8). */
export class ArticleStore {
  current: ArticleDetail | null;
  /** The content as the server rendered it (images already deferred), when it was read back from the page. */
  readonly renderedContent: string | null;

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<ArticleSnapshot>,
  ) {
    this.current = snapshot?.current ?? null;
    this.renderedContent = snapshot?.bodyInPage && this.current ? this.current.content : null;
    makeStoreObservable<ArticleStore, 'setCurrent'>(this, { current: observableRef, setCurrent: action });
  }

  /** docs/specification/content-and-commerce.md §4: the flag and the count change only after the server confirms. */
  async setLiked(on: boolean): Promise<void> {
    const current = this.current;
    if (!current) return;
    const state = await socialApi.thumbsUp(this.api, current.slug, !on);
    this.patch(current.slug, { thumb_up_count: state.thumb_up_count, thumb_up_status: state.thumb_up_status });
  }

  async setFavorite(on: boolean): Promise<void> {
    const current = this.current;
    if (!current) return;
    const state = await socialApi.favorite(this.api, current.slug, !on);
    this.patch(current.slug, { favorite_count: state.favorite_count, favorite_status: state.favorite_status });
  }

  async setFollowingAuthor(on: boolean): Promise<void> {
    const current = this.current;
    if (!current) return;
    const state = await socialApi.follow(this.api, current.author.username, on);
    this.patch(current.slug, { author: { ...current.author, ...state } });
  }

  /** After sign-in the reader's own flags differ, or they chose another script (decision 038): read the article again, with its share code. */
  async refresh(shareCode?: string | null): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.setCurrent(await articlesApi.read(this.api, current.slug, shareCode));
  }

  private patch(slug: string, changes: Partial<ArticleDetail>): void {
    if (this.current?.slug === slug) this.setCurrent({ ...this.current, ...changes });
  }

  /** Loads an article unless it is the one already here (the server's, on hydration). */
  async load(slug: string, shareCode?: string | null): Promise<ArticleDetail> {
    if (this.current?.slug === slug) return this.current;
    const article = await articlesApi.read(this.api, slug, shareCode);
    this.setCurrent(article);
    return article;
  }

  private setCurrent(article: ArticleDetail | null): void {
    this.current = article;
  }

  /** The server's snapshot: a body the page shows is left out of it (decision 053). */
  toJSON(): ArticleSnapshot {
    const current = this.current;
    if (current && current.content !== '' && !current.paywall) return { current: { ...current, content: '' }, bodyInPage: true };
    return { current };
  }
}
