import { describe, expect, it, vi } from 'vitest';
import type { ClientShell } from '../../shared/clientType';
import { ApiClient } from '../api/client';
import type { ApiRequest, ApiResponse } from '../api/transport';
import { PaymentStore, WECHAT_PAY_OK, type PaymentPlatform } from './PaymentStore';

const ORDER = { id: 'o1', type: 'booklet', identity: '7', amount: '12.00', currency: 'CNY', currency_symbol: '¥', status: 'created' };

function fakeBackend(answers: Record<string, ApiResponse | (() => ApiResponse)>) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request: ApiRequest) => {
    calls.push(request);
    const answer = answers[`${request.method} ${request.path}`];
    if (!answer) return { status: 404, data: { detail: 'Not found.' } };
    return typeof answer === 'function' ? answer() : answer;
  });
  return { api, calls };
}

function fakePlatform(shell: ClientShell = 'browser', overrides: Partial<PaymentPlatform> = {}): PaymentPlatform {
  return {
    shell,
    currentUrl: () => 'http://site.test/booklet/a/paid',
    navigate: vi.fn(),
    navigateWithOrigin: vi.fn(),
    reload: vi.fn(),
    wechatPay: vi.fn(async () => WECHAT_PAY_OK),
    wechatOpenId: () => 'open-1',
    nativePay: vi.fn(() => true),
    ...overrides,
  };
}

const created = {
  'POST /api/payments/order/': { status: 201, data: ORDER },
  'GET /api/payments/wallet/balance/': { status: 200, data: { currency_symbol: '¥', net_amount: '30.00', currency: 'CNY' } },
};
const request = { type: 'booklet' as const, identity: '7', amount: '12.00', label: 'A' };

describe('PaymentStore', () => {
  it('opens without an order, fetching the balance; choosing the wallet creates the order and pays it to success', async () => {
    const { api, calls } = fakeBackend({ ...created, 'POST /api/payments/order/o1/wallet/': { status: 200, data: { ...ORDER, status: 'paid' } } });
    const onPaid = vi.fn();
    const store = new PaymentStore(api, fakePlatform());
    await store.start({ ...request, onPaid });
    expect(store.status.tag).toBeNull();
    expect(store.choosing).toBe(true);
    expect(store.order).toBeNull();
    expect(store.balance?.net_amount).toBe('30.00');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/payments/wallet/balance/']);
    const paying = store.payWithWallet();
    expect(store.status.tag).toBe('creating');
    await paying;
    // docs/specification/content-and-commerce.md §7: type, identity and the amount the reader was shown.
    expect(calls[1]?.body).toEqual({ type: 'booklet', identity: '7', amount: '12.00' });
    expect(store.status.tag).toBe('success');
    expect(onPaid).toHaveBeenCalledOnce();
  });

  it('leaves no order behind when the panel is opened and closed without a choice', async () => {
    const { api, calls } = fakeBackend(created);
    const store = new PaymentStore(api, fakePlatform());
    await store.start(request);
    store.clear();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('tracks each step of an order with its id: created, paid; failed and closed', async () => {
    const events: unknown[] = [];
    const { api } = fakeBackend({ ...created, 'POST /api/payments/order/o1/wallet/': { status: 200, data: { ...ORDER, status: 'paid' } } });
    const store = new PaymentStore(api, fakePlatform(), (event) => events.push(event));
    await store.start(request);
    expect(events).toEqual([]);
    await store.payWithWallet();
    expect(events).toEqual([
      { cate: 'payment', event: 'order_created', order_id: 'o1' },
      { cate: 'payment', event: 'order_paid', order_id: 'o1' },
    ]);
    events.length = 0;
    const failing = fakeBackend({ ...created, 'POST /api/payments/order/o1/wallet/': { status: 400, data: { detail: 'Insufficient balance.' } } });
    const other = new PaymentStore(failing.api, fakePlatform(), (event) => events.push(event));
    await other.start(request);
    await other.payWithWallet();
    other.clear();
    expect(events).toEqual([
      { cate: 'payment', event: 'order_created', order_id: 'o1' },
      { cate: 'payment', event: 'order_failed', order_id: 'o1', msg: 'Insufficient balance.' },
      { cate: 'payment', event: 'order_closed', order_id: 'o1' },
    ]);
  });

  it('refuses a second order while one has an id or is being created', async () => {
    const { api, calls } = fakeBackend(created);
    const store = new PaymentStore(api, fakePlatform());
    await store.start(request);
    const first = store.payWithWechatQr();
    await store.payOnWeb();
    await first;
    await store.start(request);
    await store.payWithWallet();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/payments/order/')).toHaveLength(1);
  });

  it('a failed wallet payment shows the server detail; Retry goes back to created', async () => {
    const { api } = fakeBackend({ ...created, 'POST /api/payments/order/o1/wallet/': { status: 400, data: { detail: 'Insufficient balance.' } } });
    const store = new PaymentStore(api, fakePlatform());
    await store.start(request);
    await store.payWithWallet();
    expect(store.status).toEqual({ tag: 'failed', msg: 'Insufficient balance.' });
    store.retry();
    expect(store.status.tag).toBe('created');
    expect(store.order?.id).toBe('o1');
  });

  it('a failed order creation shows the whole body when there is no detail; Retry goes back to the methods, and the next choice creates it', async () => {
    let attempts = 0;
    const { api } = fakeBackend({
      ...created,
      'POST /api/payments/order/': () => (++attempts === 1 ? { status: 502, data: 'Bad gateway' } : { status: 201, data: ORDER }),
    });
    const store = new PaymentStore(api, fakePlatform());
    await store.start(request);
    await store.payWithWallet();
    expect(store.status).toEqual({ tag: 'failed', msg: 'Bad gateway' });
    store.retry();
    expect(store.status.tag).toBeNull();
    expect(store.choosing).toBe(true);
    await store.payWithWallet();
    expect(attempts).toBe(2);
    expect(store.order?.id).toBe('o1');
  });

  it('web pay sends the reader to the service with this page as return url, leaving the unsure prompt; Finished reloads', async () => {
    const { api, calls } = fakeBackend({
      ...created,
      'GET /api/payments/order/o1/alipay/web/': { status: 200, data: { url: '/payments/sandbox/checkout/o1' } },
    });
    const platform = fakePlatform();
    const store = new PaymentStore(api, platform);
    await store.start(request);
    await store.payOnWeb();
    expect(calls.at(-1)?.query).toEqual({ return_url: 'http://site.test/booklet/a/paid' });
    expect(platform.navigate).toHaveBeenCalledWith('/payments/sandbox/checkout/o1');
    expect(store.status.tag).toBe('unsure');
    store.finished();
    expect(platform.reload).toHaveBeenCalledOnce();
  });

  it('H5 pay sends the browser to WeChat Pay’s cashier with the page’s origin as referrer, this page as return url; a refusal is a failure', async () => {
    const cashier = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=x';
    const { api, calls } = fakeBackend({
      ...created,
      'GET /api/payments/order/o1/wechat/h5/': { status: 200, data: { ...ORDER, status: 'pending', h5_url: cashier } },
    });
    const platform = fakePlatform();
    const store = new PaymentStore(api, platform);
    await store.start(request);
    await store.payWithWechatH5();
    expect(calls.at(-1)?.query).toEqual({ return_url: 'http://site.test/booklet/a/paid' });
    expect(platform.navigateWithOrigin).toHaveBeenCalledWith(cashier);
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(store.status.tag).toBe('unsure');

    const refused = fakeBackend({
      ...created,
      'GET /api/payments/order/o1/wechat/h5/': {
        status: 502,
        data: { detail: 'WeChat Pay refused this payment. Please try again later or choose another method.' },
      },
    });
    const failing = new PaymentStore(refused.api, fakePlatform());
    await failing.start(request);
    await failing.payWithWechatH5();
    expect(failing.status).toEqual({ tag: 'failed', msg: 'WeChat Pay refused this payment. Please try again later or choose another method.' });
  });

  it('chat-app pay: ok reloads, any other result is a failure with that result; no open id goes to the payment login', async () => {
    const answers = { ...created, 'GET /api/payments/order/o1/wechat/': { status: 200, data: { app_params: { appId: 'a' } } } };
    const ok = fakePlatform('wechat');
    const store = new PaymentStore(fakeBackend(answers).api, ok);
    await store.start(request);
    await store.payWithWechat();
    expect(ok.reload).toHaveBeenCalledOnce();

    const cancel = fakePlatform('wechat', { wechatPay: async () => 'get_brand_wcpay_request:cancel' });
    const cancelled = new PaymentStore(fakeBackend(answers).api, cancel);
    await cancelled.start(request);
    await cancelled.payWithWechat();
    expect(cancelled.status).toEqual({ tag: 'failed', msg: 'get_brand_wcpay_request:cancel' });

    const anonymous = fakePlatform('wechat', { wechatOpenId: () => null });
    const login = new PaymentStore(fakeBackend(answers).api, anonymous);
    await login.start(request);
    await login.payWithWechat();
    expect(anonymous.navigate).toHaveBeenCalledWith(`/accounts/login/wechat_payment/?next=${encodeURIComponent('/booklet/a/paid')}`);
  });

  it('chat-app pay on the sandbox provider goes to its checkout page, coming back here, and asks after it', async () => {
    const answers = {
      ...created,
      'GET /api/payments/order/o1/wechat/': {
        status: 200,
        data: { app_params: { appId: 'a' }, sandbox_checkout_url: 'http://site.test/payments/sandbox/checkout/o1' },
      },
    };
    const platform = fakePlatform('wechat');
    const store = new PaymentStore(fakeBackend(answers).api, platform);
    await store.start(request);
    await store.payWithWechat();
    expect(platform.wechatPay).not.toHaveBeenCalled();
    expect(platform.navigate).toHaveBeenCalledWith(
      `http://site.test/payments/sandbox/checkout/o1?return_url=${encodeURIComponent('http://site.test/booklet/a/paid')}`,
    );
    expect(store.status.tag).toBe('unsure');
  });

  it('in the native app the app payment starts at once without the balance; in the mini program nothing is fetched', async () => {
    const app = fakeBackend(created);
    const platform = fakePlatform('app');
    const store = new PaymentStore(app.api, platform);
    await store.start(request);
    expect(platform.nativePay).toHaveBeenCalledWith('o1');
    expect(app.calls.some((c) => c.path.includes('balance'))).toBe(false);

    const mini = fakeBackend(created);
    const inMini = new PaymentStore(mini.api, fakePlatform('miniprogram'));
    await inMini.start(request);
    expect(inMini.status.tag).toBe('created');
    expect(inMini.inMiniProgram).toBe(true);
    expect(mini.calls).toHaveLength(1);
  });

  it('closing clears the order; after a membership success it reloads the page', async () => {
    const { api } = fakeBackend({ ...created, 'POST /api/payments/order/o1/wallet/': { status: 200, data: ORDER } });
    const platform = fakePlatform();
    const store = new PaymentStore(api, platform);
    await store.start({ type: 'membership', identity: 'vip_monthly_manual', amount: '78.00', label: 'VIP', reloadAfterSuccess: true });
    await store.payWithWallet();
    store.clear();
    expect(store.order).toBeNull();
    expect(store.status.tag).toBeNull();
    expect(platform.reload).toHaveBeenCalledOnce();
  });
});
