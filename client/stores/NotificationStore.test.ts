import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, templateParts } from '../../shared/notifications';
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
    expect(calls[0]?.query).toMatchObject({ filter: 'unread', action: 'favorite,follow,thumbsup,reply_comment,comment' });
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

describe('notification texts', () => {
  it('name the actor in every kind and the article in all but follow, in all three languages', () => {
    for (const catalogue of [en, zhCN, zhTW]) {
      for (const kind of NOTIFICATION_TYPES) {
        const slots = templateParts(catalogue[`notify.${kind}`]).flatMap((p) => (typeof p === 'string' ? [] : [p.slot]));
        expect(slots.sort(), kind).toEqual(kind === 'follow' ? ['actor'] : ['actor', 'title']);
      }
    }
  });
});
