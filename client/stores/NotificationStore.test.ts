import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TYPES } from '../../shared/notifications';
import { templateParts } from '../../shared/notificationView';
import { ApiClient } from '../api/client';
import type { ApiRequest, ApiResponse } from '../api/transport';
import en from '../i18n/en';
import zhCN from '../i18n/zh-CN';
import zhTW from '../i18n/zh-TW';
import { NotificationStore } from './NotificationStore';

function fakeBackend(answers: Record<string, ApiResponse | Error>) {
  const calls: ApiRequest[] = [];
  const client = new ApiClient(async (request) => {
    calls.push(request);
    const answer = answers[`${request.method} ${request.path}`];
    if (answer instanceof Error) throw answer;
    return answer ?? { status: 404, data: { detail: 'Not found.' } };
  });
  return { client, calls };
}

const item = { id: 7, unread: true, payload: { type: 'follow' } };

describe('NotificationStore', () => {
  it('shows the unread count and clears it (PUT read=true) once a list has opened', async () => {
    const { client, calls } = fakeBackend({
      'GET /api/notification/count/': { status: 200, data: { results: [{ unread_count: 3 }] } },
      'GET /api/notification/': { status: 200, data: { count: 1, next: null, previous: null, results: [item] } },
      'PUT /api/notification/': { status: 200, data: { updated: 3 } },
    });
    const store = new NotificationStore(client);
    await store.loadCount();
    expect(store.unreadCount).toBe(3);
    expect(calls[0]?.query).toMatchObject({ filter: 'unread', action: 'favorite,follow,thumbsup,reply_comment,comment,renewal' });
    const list = store.createList();
    await list.open(1, 8);
    expect(list.items).toEqual([item]);
    expect(list.loaded && !list.loading).toBe(true);
    expect(store.unreadCount).toBe(0);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', query: { filter: 'unread' }, body: { read: true } });
  });

  it('stays silent on failures: no badge, an empty list, no clearing call', async () => {
    const { client, calls } = fakeBackend({
      'GET /api/notification/count/': { status: 500, data: 'boom' },
      'GET /api/notification/': new Error('offline'),
    });
    const store = new NotificationStore(client);
    await store.loadCount();
    expect(store.unreadCount).toBe(0);
    const list = store.createList();
    await list.open(1, 8);
    expect(list.items).toEqual([]);
    expect(list.loaded).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('ignores a nonsense count and a nonsense list', async () => {
    const { client } = fakeBackend({
      'GET /api/notification/count/': { status: 200, data: { results: [{ unread_count: '12' }] } },
      'GET /api/notification/': { status: 200, data: { results: 'none' } },
    });
    const store = new NotificationStore(client);
    await store.loadCount();
    expect(store.unreadCount).toBe(0);
    const list = store.createList();
    await list.open(2, 20);
    expect(list.items).toEqual([]);
    expect(list.page).toBe(2);
  });

  it('shows the page asked for last, and only that one clears the count', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: ApiRequest[] = [];
    const client = new ApiClient(async (request): Promise<ApiResponse> => {
      calls.push(request);
      if (request.method === 'PUT') return { status: 200, data: { updated: 1 } };
      if (request.query?.page === 1) await gate;
      const page = Number(request.query?.page);
      return { status: 200, data: { count: 30, next: null, previous: null, results: [{ id: page, unread: page === 1, payload: { type: 'follow' } }] } };
    });
    const list = new NotificationStore(client).createList();
    const first = list.open(1, 20);
    await list.open(2, 20);
    release();
    await first;
    expect([list.items, list.page, list.pages, list.entries.map((entry) => entry.id)]).toEqual([
      [{ id: 2, unread: false, payload: { type: 'follow' } }],
      2,
      2,
      ['n2'],
    ]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('counts pages from the total', async () => {
    const { client } = fakeBackend({ 'GET /api/notification/': { status: 200, data: { count: 41, results: [] } } });
    const list = new NotificationStore(client).createList();
    await list.open(1, 20);
    expect(list.pages).toBe(3);
  });
});

describe('NotificationStore live updates (decision 046)', () => {
  it('takes the count from stream events and puts a new item on top of an open first page', async () => {
    const { client } = fakeBackend({
      'GET /api/notification/': { status: 200, data: { count: 1, next: null, previous: null, results: [{ ...item, unread: false }] } },
      'PUT /api/notification/': { status: 200, data: { updated: 0 } },
    });
    const store = new NotificationStore(client);
    const list = store.createList();
    await list.open(1, 8);
    store.receive(JSON.stringify({ unread_count: 4 }));
    expect(store.unreadCount).toBe(4);
    store.receive(JSON.stringify({ unread_count: 5, notification: { id: 9, unread: true, payload: { type: 'thumbsup' } } }));
    expect(store.unreadCount).toBe(5);
    expect(list.entries.map((entry) => entry.id)).toEqual(['n9', 'n7']);
    store.receive('not json');
    store.receive(JSON.stringify({ unread_count: 'many' }));
    expect(store.unreadCount).toBe(5);
  });

  it("listens with EventSource: skips the first count (loadCount has it), applies a reconnect's, closes on cleanup", () => {
    const opened: FakeEventSource[] = [];
    class FakeEventSource {
      readonly listeners = new Map<string, (event: { data: string }) => void>();
      closed = false;
      constructor(readonly url: string) {
        opened.push(this);
      }
      addEventListener(name: string, listener: (event: { data: string }) => void) {
        this.listeners.set(name, listener);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const store = new NotificationStore(fakeBackend({}).client);
      const close = store.live();
      const source = opened[0];
      expect(source?.url).toBe('/api/notification/stream/');
      source?.listeners.get('count')?.({ data: JSON.stringify({ unread_count: 2 }) });
      expect(store.unreadCount).toBe(0);
      source?.listeners.get('count')?.({ data: JSON.stringify({ unread_count: 3 }) });
      expect(store.unreadCount).toBe(3);
      source?.listeners.get('notification')?.({ data: JSON.stringify({ unread_count: 4, notification: item }) });
      expect(store.unreadCount).toBe(4);
      close();
      expect(source?.closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps fetch-on-open where there is no EventSource (the server, old browsers)', () => {
    const { client } = fakeBackend({});
    expect(typeof EventSource).toBe('undefined');
    const close = new NotificationStore(client).live();
    expect(() => close()).not.toThrow();
  });
});

describe('notification texts', () => {
  it('name the actor in every kind and the article in all but follow, in all three languages', () => {
    for (const catalogue of [en, zhCN, zhTW]) {
      for (const kind of NOTIFICATION_TYPES) {
        if (kind === 'renewal') continue;
        const slots = templateParts(catalogue[`notify.${kind}`]).flatMap((p) => (typeof p === 'string' ? [] : [p.slot]));
        expect(slots.sort(), kind).toEqual(kind === 'follow' ? ['actor'] : ['actor', 'title']);
      }
    }
  });

  it('name the tier, the date and the way to renew in the renewal reminder (decision 051)', () => {
    for (const catalogue of [en, zhCN, zhTW]) {
      const slots = templateParts(catalogue['notify.renewal']).flatMap((p) => (typeof p === 'string' ? [] : [p.slot]));
      expect(slots.sort()).toEqual(['date', 'level', 'renew']);
    }
  });
});
