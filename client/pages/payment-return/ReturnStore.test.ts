import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../api/client';
import type { PaymentOrder } from '../../api/payments';
import type { ApiRequest } from '../../api/transport';
import { PagedList } from '../../stores/PagedList';
import { makeStoreObservable } from '../../stores/observable';
import type { PageStoreKit } from '../../stores/pageStore';
import { RETURN_POLL_LIMIT_MS, RETURN_POLL_MS, ReturnStore } from './ReturnStore';

// The page WeChat's H5 cashier brings the payer back to (docs/decisions/069): it asks about the order until it is settled.

const ORDER: PaymentOrder = {
  id: 'o1',
  type: 'membership',
  identity: 'vip_monthly_manual',
  amount: '78.00',
  currency: 'CNY',
  currency_symbol: '¥',
  status: 'pending',
  method: 'wechat',
  created: '2026-11-28T06:00:00Z',
  paid: null,
};
const kit: PageStoreKit = { list: (source, snapshot) => new PagedList(source, snapshot), observe: makeStoreObservable };

function backend() {
  const state = { status: 'pending', asked: 0 };
  const api = new ApiClient(async (request: ApiRequest) => {
    if (request.path !== '/api/payments/order/o1/') return { status: 404, data: { detail: 'Not found.' } };
    state.asked += 1;
    return { status: 200, data: { ...ORDER, status: state.status } };
  });
  return { api, state };
}

describe('the H5 return page’s store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks every few seconds while the order waits and stops once it is paid', async () => {
    const { api, state } = backend();
    const store = new ReturnStore(api, kit);
    await store.load('o1');
    expect(store.waiting).toBe(true);
    store.follow('o1');
    await vi.advanceTimersByTimeAsync(RETURN_POLL_MS);
    expect(state.asked).toBe(2);
    state.status = 'paid';
    await vi.advanceTimersByTimeAsync(RETURN_POLL_MS);
    expect(store.order?.status).toBe('paid');
    expect(store.waiting).toBe(false);
    await vi.advanceTimersByTimeAsync(RETURN_POLL_MS * 5);
    expect(state.asked).toBe(3);
  });

  it('leaves the asking to the reader after a while; “check again” asks at once and follows again', async () => {
    const { api, state } = backend();
    const store = new ReturnStore(api, kit, { order: ORDER, error: null });
    store.follow('o1');
    await vi.advanceTimersByTimeAsync(RETURN_POLL_LIMIT_MS + RETURN_POLL_MS);
    expect(store.waitedOut).toBe(true);
    const asked = state.asked;
    await vi.advanceTimersByTimeAsync(RETURN_POLL_MS * 5);
    expect(state.asked).toBe(asked);
    state.status = 'paid';
    await store.check('o1');
    expect(store.order?.status).toBe('paid');
    expect(store.waitedOut).toBe(false);
    store.stop();
  });

  it('an order it cannot read is an error, not a wait', async () => {
    const { api } = backend();
    const store = new ReturnStore(api, kit);
    await store.load('nobody');
    expect(store.error).toBe('Not found.');
    expect(store.waiting).toBe(false);
  });
});
