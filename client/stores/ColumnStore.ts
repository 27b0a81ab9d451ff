import { action, observable, observableRef } from 'mobx';
import { makeStoreObservable } from './observable';
import { columnsApi } from '../api/columns';
import type { ApiClient } from '../api/client';
import { socialApi } from '../api/social';
import type { ColumnListType, ColumnOwner } from '../../shared/column';
import type { ArticleSummary, BookletCard } from '../../shared/entities';
import { PagedList, type PagedListSnapshot } from './PagedList';
import { byLink } from './pageSource';

export interface ColumnSnapshot {
  username: string | null;
  owner: ColumnOwner | null;
  originals: PagedListSnapshot<ArticleSummary>;
  favorites: PagedListSnapshot<ArticleSummary>;
  /** Absent from a snapshot written before the column listed booklets. */
  booklets?: PagedListSnapshot<BookletCard>;
}

/** The column being viewed: its owner, their originals, their favourites and their booklets. */
export class ColumnStore {
  username: string | null;
  owner: ColumnOwner | null;
  originals: PagedList<ArticleSummary>;
  favorites: PagedList<ArticleSummary>;
  booklets: PagedList<BookletCard>;

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<ColumnSnapshot>,
  ) {
    this.username = snapshot?.username ?? null;
    this.owner = snapshot?.owner ?? null;
    this.originals = this.list('originals', snapshot?.originals);
    this.favorites = this.list('favorites', snapshot?.favorites);
    this.booklets = this.bookletList(snapshot?.booklets);
    makeStoreObservable<ColumnStore, 'setOwner'>(this, {
      username: observable,
      owner: observableRef,
      originals: observableRef,
      favorites: observableRef,
      booklets: observableRef,
      show: action,
      setOwner: action,
    });
  }

  /** docs/specification/content-and-commerce.md §4: follow toggles following/null and the follower count moves by one, once the server confirms. */
  async setFollowing(on: boolean): Promise<void> {
    const owner = this.owner;
    if (!owner) return;
    const state = await socialApi.follow(this.api, owner.username, on);
    if (this.owner?.username === owner.username) this.setOwner({ ...this.owner, ...state });
  }

  /** After sign-in the reader's relation to the owner differs: read the column again. */
  async refresh(): Promise<void> {
    const username = this.username;
    if (!username || !this.owner) return;
    const detail = await columnsApi.get(this.api, username);
    if (this.username === username) this.setOwner(detail.owner);
  }

  private setOwner(owner: ColumnOwner): void {
    this.owner = owner;
  }

  /** Loads a column unless it is the one shown (switching tabs keeps it). */
  async load(username: string): Promise<void> {
    if (this.username === username && this.owner) return;
    const detail = await columnsApi.get(this.api, username);
    this.show(username, detail);
  }

  show(username: string, detail: Awaited<ReturnType<typeof columnsApi.get>>): void {
    this.username = username;
    this.owner = detail.owner;
    this.originals = this.list('originals');
    this.favorites = this.list('favorites');
    this.booklets = this.bookletList();
    this.originals.replace(detail.originals, true);
    this.favorites.replace(detail.favorites, true);
    this.booklets.replace(detail.booklets ?? { count: 0, next: null, results: [] }, true);
  }

  private list(type: ColumnListType, snapshot?: PagedListSnapshot<ArticleSummary>): PagedList<ArticleSummary> {
    return new PagedList(
      byLink((next) => columnsApi.list(this.api, type, this.username ?? '', next)),
      snapshot,
    );
  }

  private bookletList(snapshot?: PagedListSnapshot<BookletCard>): PagedList<BookletCard> {
    return new PagedList(
      byLink((next) => columnsApi.booklets(this.api, this.username ?? '', next)),
      snapshot,
    );
  }

  toJSON(): ColumnSnapshot {
    return {
      username: this.username,
      owner: this.owner,
      originals: this.originals.toJSON(),
      favorites: this.favorites.toJSON(),
      booklets: this.booklets.toJSON(),
    };
  }
}
