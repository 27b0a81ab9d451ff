import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { PageStores } from '../../stores/PageStores';
import { WalletStore, walletPageNumber } from './WalletStore';

const entry = (id: number) => ({
  id,
  kind: 'adjustment',
  amount: '1.00',
  direction: 'in' as const,
  description: `Credit ${id}`,
  created: '2026-11-25T10:00:00Z',
});

function wallet(answer: (request: ApiRequest) => { status: number; data: unknown }) {
  const requests: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    requests.push(request);
    return answer(request);
  });
  return { store: new WalletStore(api, new PageStores()), requests };
}

const withdrawal = (id: number, status: string) => ({
  id,
  amount: '5.00',
  currency: 'CNY',
  currency_symbol: '¥',
  status,
  note: '',
  created: '2026-11-25T10:00:00Z',
});

describe('WalletStore', () => {
  it('reads the latest withdrawals with their state, and does without them when the backend has no list', async () => {
    let list = true;
    const { store, requests } = wallet((request) =>
      request.path.endsWith('/balance/')
        ? { status: 200, data: { currency_symbol: '¥', net_amount: '1.00', currency: 'CNY' } }
        : request.path.endsWith('/withdrawals/')
          ? list
            ? { status: 200, data: { count: 2, next: null, previous: null, results: [withdrawal(2, 'processing'), withdrawal(1, 'failed')] } }
            : { status: 404, data: { detail: 'Not found.' } }
          : { status: 200, data: { count: 1, next: null, previous: null, results: [entry(1)] } },
    );
    await store.load(1);
    expect(requests.find((r) => r.path.endsWith('/withdrawals/'))?.query).toEqual({ page: 1, page_size: 5 });
    expect(store.withdrawals.map((w) => w.status)).toEqual(['processing', 'failed']);
    expect(store.toJSON().withdrawals).toHaveLength(2);
    list = false;
    await store.load(1);
    expect(store.error).toBeNull();
    expect(store.withdrawals).toHaveLength(2);
  });

  it('reads the balance and the page of transactions asked for', async () => {
    const { store, requests } = wallet((request) =>
      request.path.endsWith('/balance/')
        ? { status: 200, data: { currency_symbol: '¥', net_amount: '12.35', currency: 'CNY' } }
        : { status: 200, data: { count: 12, next: null, previous: 'x', results: [entry(11), entry(12)] } },
    );
    await store.load(2);
    expect(requests.find((r) => r.path.endsWith('/transactions/'))?.query).toEqual({ page: 2, page_size: 10 });
    expect(store.balance?.net_amount).toBe('12.35');
    expect(store.transactions.items.map((t) => t.id)).toEqual([11, 12]);
    expect(store.transactions.count).toBe(12);
    expect(store.error).toBeNull();
    expect(new WalletStore(new ApiClient(async () => ({ status: 500, data: null })), new PageStores(), JSON.parse(JSON.stringify(store))).toJSON()).toEqual(
      store.toJSON(),
    );
  });

  it('shows why a read failed and keeps what it showed', async () => {
    let fail = false;
    const { store } = wallet((request) =>
      fail
        ? { status: 400, data: { detail: 'Invalid page.' } }
        : request.path.endsWith('/balance/')
          ? { status: 200, data: { currency_symbol: '¥', net_amount: '1.00', currency: 'CNY' } }
          : { status: 200, data: { count: 1, next: null, previous: null, results: [entry(1)] } },
    );
    await store.load(1);
    fail = true;
    await store.load(7);
    expect(store.error).toBe('Invalid page.');
    expect(store.balance?.net_amount).toBe('1.00');
    expect(store.transactions.items.map((t) => t.id)).toEqual([1]);
    fail = false;
    await store.load(1);
    expect(store.error).toBeNull();
  });

  it('reads the page number from the address as before: 1 to 100,000, else 1', () => {
    expect([null, '2', '0', '-3', 'abc', '999999'].map((page) => walletPageNumber(new URLSearchParams(page === null ? '' : { page })))).toEqual([
      1, 2, 1, 1, 1, 100_000,
    ]);
  });
});
