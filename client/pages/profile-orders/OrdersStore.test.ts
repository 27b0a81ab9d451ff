import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { PageStores } from '../../stores/PageStores';
import { OrdersStore } from './OrdersStore';

const order = (id: string) => ({
  id,
  type: 'booklet',
  identity: '7',
  amount: '20.00',
  currency: 'CNY',
  currency_symbol: '¥',
  status: 'paid',
  method: 'wallet',
  created: '2026-11-25T10:00:00Z',
  paid: null,
});

describe('OrdersStore', () => {
  it('starts from the newest orders on each visit and follows next on More', async () => {
    const requests: ApiRequest[] = [];
    let failMore = true;
    const api = new ApiClient(async (request) => {
      requests.push(request);
      if (request.query?.page === '2')
        return failMore
          ? { status: 503, data: { detail: 'Try later' } }
          : { status: 200, data: { count: 3, next: null, previous: null, results: [order('b'), order('c')] } };
      return { status: 200, data: { count: 3, next: 'http://x/api/payments/order/?page=2&page_size=10', previous: null, results: [order('a'), order('b')] } };
    });
    const store = new OrdersStore(api, new PageStores());
    await store.load();
    expect(requests[0]).toMatchObject({ path: '/api/payments/order/', query: { page_size: 10 } });
    expect(store.orders.items.map((o) => o.id)).toEqual(['a', 'b']);
    await store.more();
    expect(store.error).toBe('Try later');
    expect(store.orders.items.map((o) => o.id)).toEqual(['a', 'b']);
    failMore = false;
    await store.more();
    expect(store.orders.items.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(store.orders.next).toBeNull();
    await store.load();
    expect(store.error).toBeNull();
    expect(store.orders.items.map((o) => o.id)).toEqual(['a', 'b']);
  });
});
