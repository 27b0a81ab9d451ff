import { observable, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import type { ApiClient } from '../api/client';
import { notificationsApi } from '../api/notifications';
import type { Page } from '../../shared/entities';
import { PagedList } from './PagedList';
import { byNumber } from './pageSource';

/**
 * The bell's unread count (docs/specification/shell.md §2, §4), and the lists that open from it. Browser-only
 * state, never in the snapshot. Its API client is a quiet one: a failed fetch shows an
 * empty list and nothing else (docs/specification/shell.md §8).
 */
export class NotificationStore {
  unreadCount = 0;
  /** The lists made lately (the dropdown's, the full page's): new items go on top of their first page. */
  private lists: NotificationList[] = [];

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
    const list = new NotificationList(this.api, (hadUnread) => this.clearAfterOpen(hadUnread));
    this.lists = [list, ...this.lists.slice(0, 3)];
    return list;
  }

  /**
   * Live updates over Server-Sent Events (decision 046), in the browser after hydration; answers
   * the close. EventSource retries by itself; without it, or refused for good (signed out, an
   * upstream without the stream), the count and lists stay fetch-on-open.
   */
  live(url = '/api/notification/stream/'): () => void {
    if (typeof EventSource === 'undefined') return () => undefined;
    const source = new EventSource(url);
    const receive = (event: MessageEvent<string>) => this.receive(event.data);
    // The first open's count is what `loadCount` fetched; applied late it could undo a clear. A reconnect's catches up.
    let opened = false;
    source.addEventListener('count', (event: MessageEvent<string>) => (opened ? receive(event) : (opened = true)));
    source.addEventListener('notification', receive);
    return () => source.close();
  }

  /** A stream event: `{ unread_count, notification? }`. */
  receive(data: string): void {
    let sent: unknown;
    try {
      sent = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof sent !== 'object' || sent === null || !('unread_count' in sent) || typeof sent.unread_count !== 'number') return;
    const count = sent.unread_count;
    const item = 'notification' in sent ? sent.notification : undefined;
    runInAction(() => {
      this.unreadCount = count;
      if (item !== undefined) for (const list of this.lists) list.prepend(item);
    });
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

/**
 * A notification as the API sent it, keyed for its list: `raw` stays unchecked until it renders
 * (`readNotification` in shared/notificationView.ts: bad data is shown, not trusted), so the key is
 * the item's own `id` when it has one, else its place on the page.
 */
export interface ReceivedNotification {
  readonly id: string;
  readonly raw: unknown;
}

/**
 * One page of notifications, a `PagedList` asked for by number where each page replaces the
 * list (a newer call wins). Silent: a page that fails, or is not a list, shows as an empty one.
 */
export class NotificationList {
  private readonly list: PagedList<ReceivedNotification>;
  /** The size the last call asked for: the dropdown's and the page's differ. */
  pageSize = 1;

  constructor(
    private readonly api: ApiClient,
    private readonly afterOpen: (hadUnread: boolean) => Promise<void>,
  ) {
    this.list = new PagedList(byNumber((page) => this.fetch(page)));
    makeStoreObservable(this, { pageSize: observable });
  }

  /** The page's items as the API sent them. */
  get items(): readonly unknown[] {
    return this.list.items.map((entry) => entry.raw);
  }

  get entries(): readonly ReceivedNotification[] {
    return this.list.items;
  }

  get page(): number {
    return this.list.page;
  }

  get loading(): boolean {
    return this.list.loading;
  }

  get loaded(): boolean {
    return this.list.loaded;
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.list.count / this.pageSize));
  }

  /** A new notification on top, when this list shows the first page. */
  prepend(raw: unknown): void {
    if (this.list.loaded && this.list.page === 1) this.list.prepend(received(raw, 0));
  }

  /** Fetches a page (a newer call wins), then clears the unread count. */
  async open(page: number, pageSize: number): Promise<void> {
    runInAction(() => (this.pageSize = Math.max(1, pageSize)));
    if (await this.list.loadPage(page)) await this.afterOpen(this.list.items.some((entry) => isUnread(entry.raw)));
  }

  private async fetch(page: number): Promise<Page<ReceivedNotification>> {
    const answer: Page<ReceivedNotification> = { count: 0, next: null, previous: null, results: [] };
    try {
      const fetched = await notificationsApi.list(this.api, page, this.pageSize);
      if (Array.isArray(fetched.results)) {
        answer.count = typeof fetched.count === 'number' ? fetched.count : fetched.results.length;
        answer.results = fetched.results.map(received);
      }
    } catch {
      // Silent: an empty list.
    }
    return answer;
  }
}

function received(raw: unknown, index: number): ReceivedNotification {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw ? raw.id : undefined;
  return { id: typeof id === 'number' || typeof id === 'string' ? `n${id}` : `i${index}`, raw };
}

function isUnread(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'unread' in item && item.unread === true;
}
