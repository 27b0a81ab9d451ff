import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { walletCommands } from '../../server/admin/walletCommands';
import { loadConfig, type AlipayConfig, type Config } from '../../server/config';
import { ALIPAY_NOTIFY_PATH, ALIPAY_ORDER_TTL_MS, Alipay } from '../../server/payments/alipay/alipay';
import { balanceCents, PLATFORM_ALIPAY, PLATFORM_CLEARING, PLATFORM_REVENUE } from '../../server/payments/ledger';
import { alipaySignContent, startAlipayStandIn } from '../support/alipayStandIn';
import { billsMade, reconcileToday } from '../support/reconcile';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { membershipOrder } from '../support/orders';

// Alipay web pay against a local stand-in for its gateway that checks what Alipay checks
// (docs/decisions/044), on both engines.

const APP_ID = '2021000000000001';
const VIP_MONTH = 'vip_monthly_manual';
const VIP_MONTH_CENTS = 7800;
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('Alipay web pay (decision 044)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const standIn = await startAlipayStandIn({ appId: APP_ID, appPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey, billClock: billsMade });

  // The app listens for real: the stand-in posts notifications to it.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await standIn.close();
  });

  let clock = Date.now();
  const now = () => clock;
  const payConfig: AlipayConfig = {
    appId: APP_ID,
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    sellerId: '2088000000000001',
    alipayPublicKeyPem: pem(alipayKeys.publicKey, 'spki'),
    gateway: standIn.gateway,
    notifyOrigin: origin,
    timeoutMs: 3000,
  };

  /** What the main app's Alipay logs at warn and above. */
  const logged: string[] = [];
  const logger = pino({ level: 'warn', base: undefined }, { write: (line: string) => logged.push(line) });

  /** A live site: no sandbox, Alipay configured with the stand-in as its gateway. */
  async function payApp(alipayConfig: AlipayConfig) {
    const database = await testDatabase();
    const alipay = new Alipay({ db: database.db, config: alipayConfig, now, logger, siteName: 'Zine' });
    const config: Partial<Config> = { publicOrigin: origin, paymentsSandbox: false, alipay: alipayConfig };
    const test = await testApp({ config, deps: { database, alipay, now } });
    // The tests run the sweep themselves, at the moments they choose.
    await alipay.stopSweep();
    return { ...test, alipay };
  }

  const { app, database, alipay } = await payApp(payConfig);
  server.on('request', app);
  const { db } = database;
  const ben = await createPerson(database, 'ben');
  await createPerson(database, 'cat');
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const [benV, catV] = [await signedIn('ben'), await signedIn('cat')];

  const newOrder = async (visitor: Visitor) => {
    // The amount the page showed: the server's price (any other is refused, tests/http/orderAmount.test.ts).
    const res = await visitor.post('/api/payments/order/', membershipOrder(VIP_MONTH));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const webPay = (visitor: Visitor, ref: string, returnUrl: string, userAgent = DESKTOP) =>
    visitor.agent
      .get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent(returnUrl)}`)
      .set('X-CSRFToken', visitor.csrf)
      .set('User-Agent', userAgent);
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const attempts = (ref: string) =>
    db
      .selectFrom('alipay_orders')
      .innerJoin('orders', 'orders.id', 'alipay_orders.order_id')
      .selectAll('alipay_orders')
      .where('orders.ref', '=', ref)
      .orderBy('alipay_orders.id')
      .execute();
  const outTradeNoOf = async (ref: string) => (await attempts(ref)).at(-1)?.out_trade_no ?? '';
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();
  const expiryOf = async (userId: number) =>
    Number((await db.selectFrom('users').select('membership_expires_at').where('id', '=', userId).executeTakeFirstOrThrow()).membership_expires_at);
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  /** A desktop web payment started and its cashier opened by the payer: the ref, out_trade_no and pay URL. */
  const openedTrade = async (visitor: Visitor) => {
    const ref = await newOrder(visitor);
    const res = await webPay(visitor, ref, `${origin}/member/`);
    expect(res.status).toBe(200);
    expect((await standIn.open(res.body.url as string)).status).toBe(200);
    return { ref, outTradeNo: await outTradeNoOf(ref), url: res.body.url as string };
  };
  const paidEntries = [
    { account: PLATFORM_ALIPAY, amount_cents: -VIP_MONTH_CENTS, kind: 'alipay' },
    { account: PLATFORM_CLEARING, amount_cents: VIP_MONTH_CENTS, kind: 'alipay' },
    { account: PLATFORM_CLEARING, amount_cents: -VIP_MONTH_CENTS, kind: 'membership' },
    { account: PLATFORM_REVENUE, amount_cents: VIP_MONTH_CENTS, kind: 'membership' },
  ];

  it('desktop web pay answers a page-pay URL signed RSA2 with the app key, at the order’s amount', async () => {
    const ref = await newOrder(benV);
    const res = await webPay(benV, ref, `${origin}/booklet/guide/paid?x=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref, status: 'pending', method: 'alipay', amount: '78.00' });
    const url = new URL(res.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(standIn.gateway);
    const fields = Object.fromEntries(url.searchParams);
    expect(fields).toMatchObject({ app_id: APP_ID, method: 'alipay.trade.page.pay', sign_type: 'RSA2', charset: 'utf-8', version: '1.0' });
    // The signature covers every parameter but sign, sorted, and only the app's private key makes it.
    const content = alipaySignContent(fields, ['sign']);
    expect(verify('sha256', Buffer.from(content), merchant.publicKey, Buffer.from(fields.sign ?? '', 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(content), alipayKeys.publicKey, Buffer.from(fields.sign ?? '', 'base64'))).toBe(false);
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    const outTradeNo = await outTradeNoOf(ref);
    expect(biz).toMatchObject({ out_trade_no: outTradeNo, product_code: 'FAST_INSTANT_TRADE_PAY', total_amount: '78.00', subject: 'Zine – VIP, one month' });
    expect(outTradeNo.startsWith(ref.replace(/-/g, '_'))).toBe(true);
    expect(fields.notify_url).toBe(`${origin}${ALIPAY_NOTIFY_PATH}`);
    // Alipay brings the payer back to our return page, which then sends them on to the page they came from.
    expect(fields.return_url).toBe(`${origin}/api/payments/order/${ref}/alipay/return/?next=${encodeURIComponent('/booklet/guide/paid?x=1')}`);
    // The stand-in's cashier verifies it and makes the trade.
    expect(await standIn.open(url.toString())).toEqual({ status: 200, text: `cashier ${outTradeNo} 78.00` });
    expect(standIn.trades.get(outTradeNo)).toMatchObject({ product: 'page', status: 'WAIT_BUYER_PAY', totalAmount: '78.00' });

    // Asked again (a reload): the same trade, offered with the same parameters.
    const again = await webPay(benV, ref, `${origin}/member/`);
    expect(JSON.parse(new URL(again.body.url as string).searchParams.get('biz_content') ?? '{}')).toEqual(biz);
    expect(await attempts(ref)).toHaveLength(1);
    expect((await standIn.open(again.body.url as string)).status).toBe(200);
  });

  it('the payer reads what was bought in the language the order was placed in, never the product key', async () => {
    const subjectOf = async (visitor: Visitor, language: string) => {
      const ref = await newOrder(visitor);
      const res = await webPay(visitor, ref, '/member/').set('Accept-Language', language);
      expect(res.status).toBe(200);
      return (JSON.parse(new URL(res.body.url as string).searchParams.get('biz_content') ?? '{}') as { subject?: string }).subject;
    };
    expect(await subjectOf(catV, 'en-GB,en;q=0.8')).toBe('Zine – VIP, one month');
    expect(await subjectOf(catV, 'zh-CN,zh;q=0.9')).toBe('Zine – VIP 会员（一个月）');
    expect(await subjectOf(catV, 'zh-TW')).toBe('Zine – VIP 會員（一個月）');
  });

  it('on a phone it answers a wap-pay URL', async () => {
    const ref = await newOrder(catV);
    const res = await webPay(catV, ref, '/member/', IPHONE);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url as string);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      total_amount: '78.00',
      quit_url: url.searchParams.get('return_url'),
    });
    expect(await attempts(ref)).toMatchObject([{ product: 'wap', status: 'open', amount_cents: VIP_MONTH_CENTS }]);
    expect((await standIn.open(url.toString())).status).toBe(200);
  });

  it('only the owner may ask, only for a return address on this site, only from our pages', async () => {
    const ref = await newOrder(benV);
    expect((await webPay(catV, ref, '/member/')).status).toBe(404);
    for (const elsewhere of ['https://evil.example/member/', '//evil.example/x', 'javascript:alert(1)', `${origin.replace('127.0.0.1', 'localhost')}/x`]) {
      const res = await webPay(benV, ref, elsewhere);
      expect(res.status, elsewhere).toBe(400);
      expect(res.body).toEqual({ return_url: ['Enter an address on this site.'] });
    }
    expect((await benV.agent.get(`/api/payments/order/${ref}/alipay/web/?return_url=%2F`)).status).toBe(403);
    expect(await attempts(ref)).toEqual([]);
    expect(await orderRow(ref)).toMatchObject({ status: 'created', method: null });
  });

  it('a paid notification fulfils the order once and is answered success; a replay changes nothing; the audit passes', async () => {
    const { ref, outTradeNo } = await openedTrade(benV);
    const before = await expiryOf(ben.id);
    standIn.pay(outTradeNo);
    const notification = standIn.notification(outTradeNo);
    expect(await standIn.deliver(outTradeNo, notification)).toEqual({ status: 200, body: 'success' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'alipay', provider_ref: standIn.trades.get(outTradeNo)?.tradeNo });
    const expiry = await expiryOf(ben.id);
    expect(expiry - Math.max(before, clock)).toBeGreaterThan(27 * 24 * 3600_000);
    expect(await ledgerOf(ref)).toEqual(paidEntries);
    expect((await attempts(ref))[0]).toMatchObject({ status: 'paid', trade_no: standIn.trades.get(outTradeNo)?.tradeNo });

    // Alipay repeats a notification it thinks was lost, and later sends TRADE_FINISHED: taken, nothing more happens.
    expect(await standIn.deliver(outTradeNo, notification)).toEqual({ status: 200, body: 'success' });
    expect(await standIn.notify(outTradeNo, { fields: { trade_status: 'TRADE_FINISHED' } })).toEqual({ status: 200, body: 'success' });
    expect(await expiryOf(ben.id)).toBe(expiry);
    expect(await ledgerOf(ref)).toEqual(paidEntries);
    const report = await audit();
    expect(report).toContain('every txn sums to zero');
    expect(report).toContain(`${PLATFORM_CLEARING}\t0.00`);
    expect(await balanceCents(db, PLATFORM_ALIPAY)).toBe(-VIP_MONTH_CENTS);
    expect((await webPay(benV, ref, '/')).body).toEqual({ detail: 'Order already paid.' });
  });

  it('ten concurrent copies of one notification fulfil the order once', async () => {
    const { ref, outTradeNo } = await openedTrade(catV);
    standIn.pay(outTradeNo);
    const notification = standIn.notification(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => standIn.deliver(outTradeNo, notification)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: 'success' })));
    expect(await ledgerOf(ref)).toEqual(paidEntries);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('refuses a notification for another amount, app or order with failure, logs it, and fulfils nothing', async () => {
    const { ref, outTradeNo } = await openedTrade(benV);
    standIn.pay(outTradeNo);
    const before = await expiryOf(ben.id);
    for (const fields of [
      { total_amount: '0.01' },
      { total_amount: '7800.00' },
      { total_amount: '78.01' },
      { total_amount: undefined },
      { app_id: '2021000000000999' },
      { out_trade_no: 'no_such_trade_123' },
    ]) {
      const res = await standIn.notify(outTradeNo, { fields });
      expect(res, JSON.stringify(fields)).toEqual({ status: 400, body: 'failure' });
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await ledgerOf(ref)).toEqual([]);
    expect(await expiryOf(ben.id)).toBe(before);
    const errors = logged.map((line) => JSON.parse(line) as { level: number; msg: string; order?: string; got?: string | null }).filter((l) => l.level >= 50);
    expect(errors.filter((l) => l.msg === 'Alipay trade amount differs from the order: refused, nothing fulfilled').map((l) => [l.order, l.got])).toEqual([
      [ref, '0.01'],
      [ref, '7800.00'],
      [ref, '78.01'],
      [ref, null],
    ]);
    expect(errors.map((l) => l.msg)).toContain('Alipay trade for another app refused');
    expect(errors.map((l) => l.msg)).toContain('Alipay trade for an unknown order refused');
    expect(await audit()).toContain('every txn sums to zero');
    // The genuine notification still works afterwards.
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await ledgerOf(ref)).toEqual(paidEntries);
  });

  it('refuses a notification signed by Alipay for another seller, or naming none, and changes nothing', async () => {
    const { ref, outTradeNo } = await openedTrade(benV);
    standIn.pay(outTradeNo);
    const before = await expiryOf(ben.id);
    for (const fields of [{ seller_id: '2088000000000999' }, { seller_id: undefined }]) {
      const res = await standIn.notify(outTradeNo, { fields });
      expect(res, JSON.stringify(fields)).toEqual({ status: 400, body: 'failure' });
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await ledgerOf(ref)).toEqual([]);
    expect(await expiryOf(ben.id)).toBe(before);
    const errors = logged.map((line) => JSON.parse(line) as { level: number; msg: string; sellerId?: string | null }).filter((l) => l.level >= 50);
    expect(errors.filter((l) => l.msg === 'Alipay notification for another seller refused').map((l) => l.sellerId)).toEqual(['2088000000000999', null]);
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await ledgerOf(ref)).toEqual(paidEntries);
  });

  it('refuses a notification with a bad signature before anything, and changes nothing', async () => {
    const { ref, outTradeNo } = await openedTrade(catV);
    standIn.pay(outTradeNo);
    const good = standIn.notification(outTradeNo);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const unsigned = Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'sign'));
    const refusals: Record<string, string>[] = [
      standIn.notification(outTradeNo, { signWith: other.privateKey }),
      standIn.notification(outTradeNo, { signWith: merchant.privateKey }),
      { ...good, total_amount: '0.01' },
      { ...good, trade_status: 'TRADE_SUCCESS ', extra: 'x' },
      { ...good, sign_type: 'RSA' },
      { ...good, sign: 'not a signature' },
      unsigned,
      {},
    ];
    for (const fields of refusals) {
      expect(await standIn.deliver(outTradeNo, fields), JSON.stringify(fields).slice(0, 80)).toEqual({ status: 403, body: 'failure' });
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    expect(await ledgerOf(ref)).toEqual([]);
    expect((await attempts(ref))[0]?.status).toBe('open');
    expect(await audit()).toContain('every txn sums to zero');
    expect(await standIn.deliver(outTradeNo, good)).toEqual({ status: 200, body: 'success' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
  });

  it('the return page asks Alipay when the notification has not arrived, fulfils, and sends the reader on', async () => {
    const ref = await newOrder(benV);
    const res = await webPay(benV, ref, `${origin}/member/?tab=1`);
    expect((await standIn.open(res.body.url as string)).status).toBe(200);
    const outTradeNo = await outTradeNoOf(ref);
    standIn.pay(outTradeNo);
    const seen = standIn.requests.length;
    // Alipay's cashier redirects the payer's browser to the return URL, with its own signed fields.
    const back = new URL(standIn.returnUrl(outTradeNo));
    const returned = await benV.agent.get(back.pathname + back.search);
    expect(returned.status).toBe(303);
    expect(returned.headers.location).toBe('/member/?tab=1');
    expect(standIn.requests.slice(seen)).toEqual([{ httpMethod: 'POST', method: 'alipay.trade.query', outTradeNo, outcome: '10000' }]);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'alipay' });
    expect((await benV.get(`/api/payments/order/${ref}/`)).body).toMatchObject({ status: 'paid' });
    expect(await ledgerOf(ref)).toEqual(paidEntries);
    // The late notification is taken and changes nothing.
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await ledgerOf(ref)).toEqual(paidEntries);

    // Not paid yet (the payer came back with the back button): the order stays pending, nothing booked.
    const unpaid = await newOrder(catV);
    const started = await webPay(catV, unpaid, '/member/');
    await standIn.open(started.body.url as string);
    clock += 5000;
    const notYet = await catV.agent.get(`/api/payments/order/${unpaid}/alipay/return/?next=%2Fmember%2F`);
    expect(notYet.headers.location).toBe('/member/');
    expect(await orderRow(unpaid)).toMatchObject({ status: 'pending' });
    // An address off the site leads to this site's front page; someone else's order is no order, and Alipay is not asked.
    clock += 5000;
    expect((await catV.agent.get(`/api/payments/order/${unpaid}/alipay/return/?next=https%3A%2F%2Fevil.example%2F`)).headers.location).toBe('/');
    const count = standIn.requests.length;
    expect((await benV.agent.get(`/api/payments/order/${unpaid}/alipay/return/?next=%2F`)).status).toBe(404);
    expect(standIn.requests.length).toBe(count);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('the sweep closes expired unpaid trades at Alipay and here, and settles an expired paid one', async () => {
    const opened = await openedTrade(catV);
    const paidLate = await openedTrade(benV);
    const neverOpened = await newOrder(benV);
    expect((await webPay(benV, neverOpened, '/')).status).toBe(200);
    standIn.pay(paidLate.outTradeNo);
    expect(await alipay.sweep()).toEqual({ paid: 0, closed: 0, failed: 0 });
    clock += ALIPAY_ORDER_TTL_MS + 60_000;
    const swept = await alipay.sweep();
    expect(swept.paid).toBe(1);
    expect(swept.failed).toBe(0);
    expect(standIn.trades.get(opened.outTradeNo)?.status).toBe('TRADE_CLOSED');
    expect(standIn.requests).toContainEqual({ httpMethod: 'POST', method: 'alipay.trade.close', outTradeNo: opened.outTradeNo, outcome: '10000' });
    expect(await orderRow(opened.ref)).toMatchObject({ status: 'closed' });
    expect((await attempts(opened.ref))[0]?.status).toBe('closed');
    // Never opened at Alipay: no trade there, closed here only.
    expect(await orderRow(neverOpened)).toMatchObject({ status: 'closed' });
    expect(await orderRow(paidLate.ref)).toMatchObject({ status: 'paid' });
    expect(await ledgerOf(paidLate.ref)).toEqual(paidEntries);
    // A closed order cannot be paid any more, and the next sweep has nothing to do.
    expect((await webPay(catV, opened.ref, '/')).body).toEqual({ detail: 'Order closed.' });
    expect(await alipay.sweep()).toEqual({ paid: 0, closed: 0, failed: 0 });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('answers garbage sent to the notification URL with 4xx failure, never 5xx', async () => {
    const { ref, outTradeNo } = await openedTrade(benV);
    standIn.pay(outTradeNo);
    const good = new URLSearchParams(standIn.notification(outTradeNo)).toString();
    const bodies: [string, string][] = [
      ['', ''],
      ['text/plain', 'garbage'],
      ['application/json', JSON.stringify(standIn.notification(outTradeNo))],
      ['application/x-www-form-urlencoded', '%ff=%ff'],
      ['application/x-www-form-urlencoded', `${good}&sign=second`],
      ['application/x-www-form-urlencoded', `${good}&out_trade_no=x`],
      ['application/x-www-form-urlencoded', 'x'.repeat(70_000)],
      ['application/x-www-form-urlencoded', Array.from({ length: 500 }, (_, i) => `p${i}=1`).join('&')],
    ];
    for (const [type, body] of bodies) {
      const res = await fetch(`${origin}${ALIPAY_NOTIFY_PATH}`, { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body });
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    for (const p of [
      `/api/payments/order/%ff/alipay/web/`,
      `/api/payments/order/${'x'.repeat(100)}/alipay/web/`,
      `/api/payments/order/${ref}/alipay/web/?return_url=%00`,
    ]) {
      const res = await benV.get(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    expect((await benV.agent.get('/api/payments/order/%ff/alipay/return/')).status).toBeLessThan(500);
    for (const p of [`/api/payments/order/${ref}/alipay/return/?next=a&next=b`, `/api/payments/order/${ref}/alipay/return/?next=${'n'.repeat(3000)}`]) {
      const res = await benV.agent.get(p);
      expect(res.status, p).toBe(303);
      expect(res.headers.location, p).toBe('/');
    }
  });

  it('a wrong app private key: the cashier and the query refuse its signature, and nothing is paid', async () => {
    const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await payApp({ ...payConfig, privateKeyPem: pem(wrong.privateKey, 'pkcs8') });
    await createPerson(other.database, 'eve');
    const eve = new Visitor(other.app);
    await eve.signIn('eve@example.com', PASSWORD);
    const ref = await newOrder(eve);
    const res = await webPay(eve, ref, '/member/');
    expect(res.status).toBe(200);
    expect(await standIn.open(res.body.url as string)).toEqual({ status: 400, text: 'isv.invalid-signature' });
    // A poll asks Alipay: refused for its signature, logged; the order just stays pending.
    const outTradeNo = (await other.database.db.selectFrom('alipay_orders').select('out_trade_no').executeTakeFirstOrThrow()).out_trade_no;
    const seen = standIn.requests.length;
    expect((await eve.get(`/api/payments/order/${ref}/`)).body).toMatchObject({ status: 'pending' });
    expect(standIn.requests.slice(seen)).toEqual([{ httpMethod: 'POST', method: 'alipay.trade.query', outTradeNo, outcome: 'isv.invalid-signature' }]);
  });

  /** The trade another site (another database) of the same app paid: this site's bill has it, its books cannot. */
  let otherSitesTrade = '';

  it('an answer or a notification not signed by Alipay’s key is not believed', async () => {
    const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await payApp({ ...payConfig, alipayPublicKeyPem: pem(impostor.publicKey, 'spki') });
    await createPerson(other.database, 'fay');
    const fay = new Visitor(other.app);
    await fay.signIn('fay@example.com', PASSWORD);
    const ref = await newOrder(fay);
    const res = await webPay(fay, ref, '/member/');
    expect((await standIn.open(res.body.url as string)).status).toBe(200);
    const outTradeNo = (await other.database.db.selectFrom('alipay_orders').select('out_trade_no').executeTakeFirstOrThrow()).out_trade_no;
    standIn.pay(outTradeNo);
    otherSitesTrade = outTradeNo;
    // The stand-in says paid, signed with the real "Alipay" key, which this app does not have: not believed.
    expect((await fay.agent.get(`/api/payments/order/${ref}/alipay/return/?next=%2F`)).status).toBe(303);
    expect(await other.database.db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });
    // A notification signed with the real "Alipay" key is refused by this app just the same.
    const notification = standIn.notification(outTradeNo);
    const refused = await new Visitor(other.app).agent.post(ALIPAY_NOTIFY_PATH).type('form').send(notification);
    expect([refused.status, refused.text]).toEqual([403, 'failure']);
    expect(await other.database.db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
  });

  it("after the whole suite, the provider's bill and the books agree (decision 070), but for the other site's trade", async () => {
    const result = await reconcileToday({ db, alipay });
    expect(result.out.split('\n').filter((line) => line.startsWith('  - '))).toEqual([
      expect.stringMatching(new RegExp(`^  - payment_missed: paid 78\\.00 at Alipay \\(${otherSitesTrade}, \\w+\\): no such trade here$`)),
    ]);
    expect(result.out).toContain('summary: 1 difference(s)');
    expect(result.code).toBe(1);
  });
});

describe('Alipay configuration (decision 044)', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const base = { NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://zine.example', ALIPAY_SELLER_ID: '2088000000000001' } as const;

  it('takes the keys as PEM (with \\n), bare base64 or a file path, and defaults to the real gateway', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-alipay-'));
    const keyFile = path.join(folder, 'app_private_key.pem');
    fs.writeFileSync(keyFile, keys.privateKey.export({ type: 'pkcs1', format: 'pem' }));
    const bare = alipayKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const config = loadConfig({ ...base, ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: keyFile, ALIPAY_PUBLIC_KEY: bare });
    expect(config.alipay).toMatchObject({
      appId: APP_ID,
      sellerId: '2088000000000001',
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyOrigin: 'https://zine.example',
    });
    expect(config.alipay?.privateKeyPem).toBe(pem(keys.privateKey, 'pkcs8'));
    expect(config.alipay?.alipayPublicKeyPem).toBe(pem(alipayKeys.publicKey, 'spki'));
    // With Alipay configured the sandbox is off unless asked for.
    expect(config.paymentsSandbox).toBe(false);
    const inline = loadConfig({
      NODE_ENV: 'test',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_SELLER_ID: '2088000000000001',
      ALIPAY_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
      ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki'),
      ALIPAY_NOTIFY_ORIGIN: 'https://pay.zine.example/ignored',
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
    expect(inline.alipay).toMatchObject({ notifyOrigin: 'https://pay.zine.example', gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' });
    expect(inline.paymentsSandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).alipay).toBeUndefined();
  });

  it('stops the start with a clear message for a partial set, a bad key or no notify origin', () => {
    expect(() => loadConfig({ ...base, ALIPAY_APP_ID: APP_ID })).toThrow(
      'Alipay takes all of ALIPAY_APP_ID, ALIPAY_SELLER_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY or none; missing: ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY',
    );
    const keyPair = { ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8'), ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki') };
    expect(() => loadConfig({ ...base, ...keyPair, ALIPAY_SELLER_ID: '' })).toThrow('missing: ALIPAY_SELLER_ID');
    expect(() => loadConfig({ ...base, ...keyPair, ALIPAY_SELLER_ID: '1234' })).toThrow('ALIPAY_SELLER_ID: must be the Alipay merchant PID');
    expect(() =>
      loadConfig({ ...base, ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: '/no/such/key.pem', ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki') }),
    ).toThrow('ALIPAY_PRIVATE_KEY: must be an RSA private key (PEM or base64), or the path of one');
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(() =>
      loadConfig({ ...base, ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8'), ALIPAY_PUBLIC_KEY: pem(ec.publicKey, 'spki') }),
    ).toThrow('ALIPAY_PUBLIC_KEY: must be an RSA key (RSA2)');
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_SELLER_ID: '2088000000000001',
        ALIPAY_PRIVATE_KEY: pem(keys.privateKey, 'pkcs8'),
        ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki'),
      }),
    ).toThrow('ALIPAY_NOTIFY_ORIGIN: Alipay needs ALIPAY_NOTIFY_ORIGIN or PUBLIC_ORIGIN');
    expect(() => loadConfig({ ...base, ALIPAY_APP_ID: 'wx123' })).toThrow('ALIPAY_APP_ID: must be an Alipay open platform AppID');
  });

  it('web pay answers "not configured" without Alipay or the sandbox', async () => {
    const { app, database } = await testApp({ config: { publicOrigin: 'https://zine.test', paymentsSandbox: false } });
    await createPerson(database, 'gus');
    const gus = new Visitor(app);
    await gus.signIn('gus@example.com', PASSWORD);
    const ref = (await gus.post('/api/payments/order/', membershipOrder(VIP_MONTH))).body.id as string;
    expect((await gus.get(`/api/payments/order/${ref}/alipay/web/?return_url=%2F`)).body).toEqual({ detail: 'This payment method is not configured.' });
    // Without Alipay there is no notification endpoint either.
    expect((await gus.agent.post('/api/payments/callback/alipay/').type('form').send({ a: '1' })).status).not.toBe(200);
  });
});
