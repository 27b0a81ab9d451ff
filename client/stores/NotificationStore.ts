import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import type { ApiClient } from '../api/client';
import { notificationsApi } from '../api/notifications';

/**
 * The bell's unread count (docs/specification/shell.md §2, §4), and the lists that open from it. Browser-only
 * state, never in the snapshot. Its API client is a quiet one: a failed fetch shows an
 * empty list and nothing else (docs/specification/shell.md §8).
 */
export class NotificationStore {
  unreadCount = 0;

  constructor(private readonly api: ApiClient) {
    makeStoreObservable(this, { unreadCount: observable });
  }

  async loadCount(): Promise<void> {
    let count = 0;
    try {
      const answer = await notificationsApi.unreadCount(this.api);
      const sent = answer.results[0]?.unread_count;
      if (typeof sent === 'number' && Number.isInteger(sent) && sent > 0) count = sent;
    } catch {
      // Silent: no badge.
    }
    runInAction(() => (this.unreadCount = count));
  }

  /** A list of its own for the dropdown or the full page, so the two never share items. */
  createList(): NotificationList {
    return new NotificationList(this.api, (hadUnread) => this.clearAfterOpen(hadUnread));
  }

  /** docs/specification/shell.md §4: the unread count is cleared after the list opens. */
  private async clearAfterOpen(hadUnread: boolean): Promise<void> {
    if (this.unreadCount === 0 && !hadUnread) return;
    try {
      await notificationsApi.markAllRead(this.api);
      runInAction(() => (this.unreadCount = 0));
    } catch {
      // The badge stays; the next open tries again.
    }
  }
}

/** One page of notifications as the API sent it; each item is checked when it renders. */
export class NotificationList {
  items: readonly unknown[] = [];
  count = 0;
  page = 1;
  pageSize = 1;
  loading = false;
  loaded = false;
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly afterOpen: (hadUnread: boolean) => Promise<void>,
  ) {
    makeStoreObservable<NotificationList, 'accept' | 'start'>(this, {
      items: observableRef,
      count: observable,
      page: observable,
      loading: observable,
      loaded: observable,
      accept: action,
      start: action,
    });
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.count / this.pageSize));
  }

  /** Fetches a page (a newer call wins), then clears the unread count. */
  async open(page: number, pageSize: number): Promise<void> {
    const generation = ++this.generation;
    this.start(page, pageSize);
    let answer: { count: number; results: unknown[] } = { count: 0, results: [] };
    try {
      const fetched = await notificationsApi.list(this.api, page, pageSize);
      if (Array.isArray(fetched.results)) {
        const count = typeof fetched.count === 'number' ? fetched.count : fetched.results.length;
        answer = { count, results: fetched.results };
      }
    } catch {
      // Silent: an empty list.
    }
    if (generation !== this.generation) return;
    this.accept(answer);
    await this.afterOpen(answer.results.some(isUnread));
  }

  private start(page: number, pageSize: number): void {
    this.loading = true;
    this.page = page;
    this.pageSize = Math.max(1, pageSize);
  }

  private accept(answer: { count: number; results: unknown[] }): void {
    this.items = answer.results;
    this.count = answer.count;
    this.loading = false;
    this.loaded = true;
  }
}

function isUnread(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'unread' in item && item.unread === true;
}
