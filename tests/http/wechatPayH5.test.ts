import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { walletCommands } from '../../server/admin/walletCommands';
import type { Config, WechatPayConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { PLATFORM_CLEARING, PLATFORM_REVENUE, PLATFORM_WECHATPAY } from '../../server/payments/ledger';
import { WechatPayUpstreamError } from '../../server/payments/wechatpay/client';
import { chinaTime } from '../../server/payments/wechatpay/protocol';
import { WECHATPAY_NOTIFY_PATH, WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { membershipOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { startWechatPayStandIn } from '../support/wechatPayStandIn';

// WeChat Pay's H5 pay for phone browsers outside WeChat (docs/decisions/069) against the stand-in,
// which checks what WeChat Pay checks: the merchant's signature, the H5 product and its authorised
// domain, scene_info with the payer's address, amounts, out_trade_no reuse; its cashier link pays
// only from that address and from a page of that domain. On both engines.

const MCHID = '1900000109';
const APP_ID = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const VIP_MONTH = 'vip_monthly_manual';
const VIP_MONTH_FEN = 7800;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
/** The reader's address as the proxy in front of the site (loopback, trusted) passes it on. */
const READER_IP = '203.0.113.9';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('WeChat Pay H5 pay (decision 069)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn = await startWechatPayStandIn({
    mchid: MCHID,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    // The H5 product opened with the site's domain authorised.
    h5Domain: '127.0.0.1',
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await standIn.close();
  });

  const now = () => Date.now();
  const payConfig: WechatPayConfig = {
    mchid: MCHID,
    appId: APP_ID,
    serialNo: MERCHANT_SERIAL,
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    notifyOrigin: origin,
    baseUrl: standIn.origin,
    timeoutMs: 3000,
  };

  async function payApp(wechatPayConfig: WechatPayConfig) {
    const database = await testDatabase();
    const wechatPay = new WechatPay({ db: database.db, config: wechatPayConfig, now, logger: createLogger({ logLevel: 'silent' }), siteName: 'Zine' });
    const config: Partial<Config> = { publicOrigin: origin, paymentsSandbox: false, wechatPay: wechatPayConfig };
    const test = await testApp({ config, deps: { database, wechatPay, now } });
    await wechatPay.stopSweep();
    return { ...test, wechatPay };
  }

  const { app, database, wechatPay } = await payApp(payConfig);
  server.on('request', app);
  const { db } = database;
  let people = 0;
  const reader = async (target = app, targetDatabase = database) => {
    people += 1;
    const name = `reader${people}`;
    await createPerson(targetDatabase, name);
    const visitor = new Visitor(target);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const newOrder = async (visitor: Visitor) => {
    const res = await visitor.post('/api/payments/order/', membershipOrder(VIP_MONTH));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** The panel's call from a phone browser behind the site's proxy, coming back to `back`. */
  const h5Call = (visitor: Visitor, ref: string, back = `${origin}/member/`) =>
    visitor.agent
      .get(`/api/payments/order/${ref}/wechat/h5/?return_url=${encodeURIComponent(back)}`)
      .set('X-CSRFToken', visitor.csrf)
      .set('User-Agent', PHONE)
      .set('X-Forwarded-For', READER_IP);
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const trades = (ref: string) =>
    db
      .selectFrom('wechatpay_orders')
      .innerJoin('orders', 'orders.id', 'wechatpay_orders.order_id')
      .selectAll('wechatpay_orders')
      .where('orders.ref', '=', ref)
      .orderBy('wechatpay_orders.id')
      .execute();
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  /** The phone's browser opening the cashier link from one of our pages, as WeChat sees it: its address and its Referer. */
  const visit = (url: string, options: { referer?: string; ip?: string } = {}) =>
    fetch(url, {
      redirect: 'manual',
      headers: {
        'User-Agent': PHONE,
        'X-Forwarded-For': options.ip ?? READER_IP,
        ...(options.referer === undefined ? { Referer: `${origin}/member/` } : options.referer ? { Referer: options.referer } : {}),
      },
    });
  const returnState = (html: string) =>
    (jsonBlock(html, '__STATE__') as { pages?: Record<string, { order: { status: string } | null }> }).pages?.['payment-return'];

  it('a phone pays through H5: placed with the reader’s address, the cashier link opened from our page pays and brings the payer to the return page', async () => {
    const visitor = await reader();
    const ref = await newOrder(visitor);
    const res = await h5Call(visitor, ref);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref, status: 'pending', method: 'wechat' });
    const [trade] = await trades(ref);
    expect(trade).toMatchObject({ trade_type: 'H5', status: 'open', amount_fen: VIP_MONTH_FEN, code_url: null, prepay_id: null });
    const placed = standIn.orders.get(trade?.out_trade_no ?? '');
    expect(placed).toMatchObject({
      tradeType: 'H5',
      total: VIP_MONTH_FEN,
      currency: 'CNY',
      payerClientIp: READER_IP,
      attach: ref,
      notifyUrl: `${origin}${WECHATPAY_NOTIFY_PATH}`,
    });
    const comeBack = `${origin}/payments/return/${ref}/?next=${encodeURIComponent('/member/')}`;
    expect(res.body.h5_url).toBe(`${placed?.h5Url}&redirect_url=${encodeURIComponent(comeBack)}`);

    // WeChat's cashier refuses a visit without our domain in its Referer, or from another address.
    expect((await visit(res.body.h5_url as string, { referer: '' })).status).toBe(403);
    expect((await visit(res.body.h5_url as string, { referer: 'https://elsewhere.example/' })).status).toBe(403);
    expect((await visit(res.body.h5_url as string, { ip: '198.51.100.1' })).status).toBe(403);
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });

    // From the reader's phone and our page (the origin as referrer): paid, notified, sent back to our return page.
    const paid = await visit(res.body.h5_url as string, { referer: `${origin}/` });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(comeBack);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wechat', provider_ref: placed?.transactionId });
    expect(await ledgerOf(ref)).toEqual([
      { account: PLATFORM_WECHATPAY, amount_cents: -VIP_MONTH_FEN, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: VIP_MONTH_FEN, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: -VIP_MONTH_FEN, kind: 'membership' },
      { account: PLATFORM_REVENUE, amount_cents: VIP_MONTH_FEN, kind: 'membership' },
    ]);
    const page = await visitor.agent.get(new URL(comeBack).pathname + new URL(comeBack).search).set('User-Agent', PHONE);
    expect(page.status).toBe(200);
    expect(returnState(page.text)?.order).toMatchObject({ id: ref, status: 'paid' });
    expect(page.text).toContain('href="/member/"');

    // WeChat Pay repeats the notification: nothing more happens.
    expect((await standIn.notify(trade?.out_trade_no ?? '')).status).toBe(204);
    expect(await ledgerOf(ref)).toHaveLength(4);
    // The link cannot pay twice.
    expect((await visit(res.body.h5_url as string)).status).toBe(400);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('the return page shows a payment before its notification: it asks WeChat Pay and settles the order once', async () => {
    const visitor = await reader();
    const ref = await newOrder(visitor);
    const res = await h5Call(visitor, ref, '/member/');
    standIn.h5Notifies = false;
    try {
      expect((await visit(res.body.h5_url as string)).status).toBe(302);
    } finally {
      standIn.h5Notifies = true;
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    const page = await visitor.agent.get(`/payments/return/${ref}/?next=%2Fmember%2F`).set('User-Agent', PHONE);
    expect(returnState(page.text)?.order).toMatchObject({ status: 'paid' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
    // The late notification finds it settled.
    const [trade] = await trades(ref);
    expect((await standIn.notify(trade?.out_trade_no ?? '')).status).toBe(204);
    expect(await ledgerOf(ref)).toHaveLength(4);
  });

  it('each choice places a new H5 order; the one paid closes the others at WeChat Pay', async () => {
    const visitor = await reader();
    const ref = await newOrder(visitor);
    const first = await h5Call(visitor, ref);
    const second = await h5Call(visitor, ref);
    expect(first.body.h5_url).not.toBe(second.body.h5_url);
    const [older, newer] = await trades(ref);
    expect((await visit(second.body.h5_url as string)).status).toBe(302);
    expect((await trades(ref)).map((t) => t.status)).toEqual(['closed', 'paid']);
    expect(standIn.orders.get(older?.out_trade_no ?? '')?.state).toBe('CLOSED');
    expect(standIn.orders.get(newer?.out_trade_no ?? '')?.state).toBe('SUCCESS');
    expect((await visit(first.body.h5_url as string)).status).toBe(400);
  });

  it('a notification for another amount is refused and fulfils nothing', async () => {
    const visitor = await reader();
    const ref = await newOrder(visitor);
    const res = await h5Call(visitor, ref);
    standIn.h5Notifies = false;
    try {
      expect((await visit(res.body.h5_url as string)).status).toBe(302);
    } finally {
      standIn.h5Notifies = true;
    }
    const [trade] = await trades(ref);
    const outTradeNo = trade?.out_trade_no ?? '';
    const wrong = await standIn.notify(outTradeNo, { transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } });
    expect(wrong.status).toBe(400);
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    expect(await ledgerOf(ref)).toEqual([]);
    expect((await standIn.notify(outTradeNo)).status).toBe(204);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
  });

  it('WeChat Pay keeps one out_trade_no to its parameters: the same again is the same link, another amount is refused', async () => {
    const request = {
      outTradeNo: `H5SAME${Date.now()}`,
      description: 'Zine – VIP, one month',
      amountFen: VIP_MONTH_FEN,
      currency: 'CNY',
      timeExpire: chinaTime(Date.now() + 30 * 60_000),
      notifyUrl: `${origin}${WECHATPAY_NOTIFY_PATH}`,
      attach: 'H5SAME',
    };
    const first = await wechatPay.client.placeH5(request, READER_IP);
    expect(await wechatPay.client.placeH5(request, READER_IP)).toEqual(first);
    const refused = await wechatPay.client.placeH5({ ...request, amountFen: 1 }, READER_IP).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WechatPayUpstreamError);
    expect(refused).toMatchObject({ status: 403, code: 'OUT_TRADE_NO_USED' });
    // No address that parses, no amount: refused as WeChat Pay refuses them.
    const badIp = await wechatPay.client.placeH5({ ...request, outTradeNo: `H5BADIP${Date.now()}` }, 'not-an-address').catch((error: unknown) => error);
    expect(badIp).toMatchObject({ status: 400, code: 'PARAM_ERROR' });
    const noAmount = await wechatPay.client
      .placeH5({ ...request, outTradeNo: `H5ZERO${Date.now()}`, amountFen: 0 }, READER_IP)
      .catch((error: unknown) => error);
    expect(noAmount).toMatchObject({ status: 400, code: 'PARAM_ERROR' });
  });

  it('a wrong merchant key: WeChat Pay answers 401 SIGN_ERROR, the API a clear 502, nothing is stored', async () => {
    const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await payApp({ ...payConfig, privateKeyPem: pem(wrong.privateKey, 'pkcs8') });
    const visitor = await reader(other.app, other.database);
    const res = await visitor.post('/api/payments/order/', membershipOrder(VIP_MONTH));
    const ref = res.body.id as string;
    const seen = standIn.requests.length;
    const answer = await h5Call(visitor, ref);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ detail: 'WeChat Pay refused this payment. Please try again later or choose another method.' });
    expect(standIn.requests.slice(seen).map((r) => r.status)).toEqual([401]);
    expect(await other.database.db.selectFrom('wechatpay_orders').selectAll().execute()).toEqual([]);
    expect(await other.database.db.selectFrom('orders').select(['status', 'method']).where('ref', '=', ref).executeTakeFirstOrThrow()).toEqual({
      status: 'created',
      method: null,
    });
  });

  it('refuses an address off this site, another reader’s order, a paid order and a call without the CSRF token, placing nothing', async () => {
    const visitor = await reader();
    const stranger = await reader();
    const ref = await newOrder(visitor);
    expect((await h5Call(visitor, ref, 'https://elsewhere.example/')).body).toEqual({ return_url: ['Enter an address on this site.'] });
    expect((await h5Call(stranger, ref)).status).toBe(404);
    expect((await visitor.agent.get(`/api/payments/order/${ref}/wechat/h5/`).set('User-Agent', PHONE)).status).toBe(403);
    expect(await trades(ref)).toEqual([]);
    const res = await h5Call(visitor, ref);
    expect((await visit(res.body.h5_url as string)).status).toBe(302);
    expect((await h5Call(visitor, ref)).body).toEqual({ detail: 'Order already paid.' });
    expect(await trades(ref)).toHaveLength(1);
  });

  it('pages tell a phone browser outside WeChat, and no other client, to offer H5 pay', async () => {
    const env = async (userAgent: string) =>
      (jsonBlock((await new Visitor(app).agent.get('/member/').set('User-Agent', userAgent)).text, '__STATE__') as { env: Record<string, unknown> }).env;
    expect(await env(PHONE)).toMatchObject({ wechatH5Pay: true });
    expect((await env(PHONE)).wechatNativePay).toBeUndefined();
    expect((await env(DESKTOP)).wechatH5Pay).toBeUndefined();
    expect((await env(`${PHONE} MicroMessenger/8.0.47`)).wechatH5Pay).toBeUndefined();
  });
});

describe('H5 pay in the sandbox (decision 069)', async () => {
  const { app, database } = await testApp({ config: { paymentsSandbox: true } });
  await createPerson(database, 'sam');
  const sam = new Visitor(app);
  await sam.signIn('sam@example.com', PASSWORD);

  it('answers the sandbox checkout, which comes back to the same return page', async () => {
    const order = await sam.post('/api/payments/order/', membershipOrder(VIP_MONTH));
    const ref = order.body.id as string;
    const res = await sam.agent.get(`/api/payments/order/${ref}/wechat/h5/?return_url=%2Fmember%2F`).set('X-CSRFToken', sam.csrf).set('User-Agent', PHONE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref, status: 'pending', method: 'wechat' });
    const checkout = new URL(res.body.h5_url as string);
    expect(res.body.sandbox_checkout_url).toBe(res.body.h5_url);
    expect(checkout.pathname).toBe(`/payments/sandbox/checkout/${ref}`);
    expect(new URL(checkout.searchParams.get('return_url') ?? '').pathname).toBe(`/payments/return/${ref}/`);
    expect(new URL(checkout.searchParams.get('return_url') ?? '').searchParams.get('next')).toBe('/member/');
  });
});
