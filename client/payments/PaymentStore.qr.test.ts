import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/client';
import type { ApiRequest, ApiResponse } from '../api/transport';
import { PaymentStore, QR_POLL_LIMIT_MS, QR_POLL_MS, WECHAT_PAY_OK, type PaymentPlatform } from './PaymentStore';

// WeChat Pay's QR code on desktop (docs/decisions/052): shown, the order polled until paid or closed.

const ORDER = { id: 'o1', type: 'booklet', identity: '7', amount: '12.00', currency: 'CNY', currency_symbol: '¥', status: 'created' };
const CODE = 'weixin://wxpay/bizpayurl?pr=abc123';
const request = { type: 'booklet' as const, identity: '7', amount: '12.00', label: 'A' };

/** A backend whose answers a test may change between polls; `orderStatus` is what the order poll says. */
function qrBackend(native: ApiResponse = { status: 200, data: { ...ORDER, status: 'pending', code_url: CODE } }) {
  const state = { orderStatus: 'pending', pollFails: false, orders: 0 };
  const calls: ApiRequest[] = [];
  const answer = (request: ApiRequest): ApiResponse => {
    const key = `${request.method} ${request.path}`;
    if (key === 'POST /api/payments/order/') return { status: 201, data: { ...ORDER, id: `o${++state.orders}` } };
    if (key === 'GET /api/payments/wallet/balance/') return { status: 200, data: { currency_symbol: '¥', net_amount: '0.00', currency: 'CNY' } };
    if (/^GET \/api\/payments\/order\/o\d+\/wechat\/native\/$/.test(key)) return native;
    if (/^GET \/api\/payments\/order\/o\d+\/$/.test(key)) {
      return state.pollFails ? { status: 502, data: { detail: 'Bad gateway' } } : { status: 200, data: { ...ORDER, status: state.orderStatus } };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  };
  const api = new ApiClient(async (request: ApiRequest) => {
    calls.push(request);
    return answer(request);
  });
  const polls = () => calls.filter((c) => /^\/api\/payments\/order\/o\d+\/$/.test(c.path)).length;
  return { api, calls, state, polls };
}

function platform(): PaymentPlatform {
  return {
    shell: 'browser',
    currentUrl: () => 'http://site.test/booklet/a/paid',
    navigate: vi.fn(),
    navigateWithOrigin: vi.fn(),
    reload: vi.fn(),
    wechatPay: vi.fn(async () => WECHAT_PAY_OK),
    wechatOpenId: () => null,
    nativePay: vi.fn(() => false),
  };
}

/** Lets the poll's timer fire and its answer arrive. */
async function tick(ms = QR_POLL_MS): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('PaymentStore, WeChat Pay QR code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the code_url, polls every 2 s while pending, and turns to success when paid', async () => {
    const backend = qrBackend();
    const onPaid = vi.fn();
    const store = new PaymentStore(backend.api, platform());
    await store.start({ ...request, onPaid });
    await store.payWithWechatQr();
    expect(store.status).toEqual({ tag: 'scan', codeUrl: CODE, checkoutUrl: null });
    expect(backend.calls.at(-1)?.path).toBe('/api/payments/order/o1/wechat/native/');
    await tick();
    await tick();
    expect(backend.polls()).toBe(2);
    expect(store.status.tag).toBe('scan');
    backend.state.orderStatus = 'paid';
    await tick();
    expect(store.status.tag).toBe('success');
    expect(onPaid).toHaveBeenCalledOnce();
    await tick(QR_POLL_MS * 3);
    expect(backend.polls()).toBe(3);
  });

  it('a lost poll answer is asked again; a closed order is expired, and Try again makes a new order on the next choice', async () => {
    const backend = qrBackend();
    const store = new PaymentStore(backend.api, platform());
    await store.start(request);
    await store.payWithWechatQr();
    backend.state.pollFails = true;
    await tick();
    expect(store.status.tag).toBe('scan');
    backend.state.pollFails = false;
    backend.state.orderStatus = 'closed';
    await tick();
    expect(store.status).toEqual({ tag: 'expired' });
    store.retry();
    expect(store.status.tag).toBeNull();
    expect(store.order).toBeNull();
    await store.payWithWechatQr();
    expect(store.status.tag).toBe('scan');
    expect(store.order?.id).toBe('o2');
  });

  it('closing the panel stops the polling', async () => {
    const backend = qrBackend();
    const store = new PaymentStore(backend.api, platform());
    await store.start(request);
    await store.payWithWechatQr();
    await tick();
    store.clear();
    await tick(QR_POLL_MS * 5);
    expect(backend.polls()).toBe(1);
    expect(store.status.tag).toBeNull();
  });

  it('still unpaid after the polling limit: the unsure prompt (Finished reloads)', async () => {
    const backend = qrBackend();
    const store = new PaymentStore(backend.api, platform());
    await store.start(request);
    await store.payWithWechatQr();
    await tick(QR_POLL_LIMIT_MS + QR_POLL_MS);
    expect(store.status.tag).toBe('unsure');
    const polls = backend.polls();
    await tick(QR_POLL_MS * 3);
    expect(backend.polls()).toBe(polls);
  });

  it('the sandbox: the code leads to its checkout page, which the panel also links', async () => {
    const checkout = 'http://site.test/payments/sandbox/checkout/o1/';
    const backend = qrBackend({ status: 200, data: { ...ORDER, status: 'pending', code_url: checkout, sandbox_checkout_url: checkout } });
    const store = new PaymentStore(backend.api, platform());
    await store.start(request);
    await store.payWithWechatQr();
    expect(store.status).toEqual({ tag: 'scan', codeUrl: checkout, checkoutUrl: checkout });
    store.clear();
  });

  it('a refusal of the QR code call is a failure with its detail', async () => {
    const backend = qrBackend({ status: 503, data: { detail: 'This payment method is not configured.' } });
    const store = new PaymentStore(backend.api, platform());
    await store.start(request);
    await store.payWithWechatQr();
    expect(store.status).toEqual({ tag: 'failed', msg: 'This payment method is not configured.' });
  });
});
