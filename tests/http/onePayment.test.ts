import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type Transaction } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { walletCommands } from '../../server/admin/walletCommands';
import type { AlipayConfig, Config, WechatPayConfig } from '../../server/config';
import { createBooklet } from '../../server/content/createBooklet';
import type { DB } from '../../server/db/schema';
import { Alipay } from '../../server/payments/alipay/alipay';
import { balanceCents, creditWallet, PLATFORM_ADJUSTMENTS, PLATFORM_CLEARING, walletAccount } from '../../server/payments/ledger';
import type { PausedPayment, PaymentPause } from '../../server/payments/paymentPause';
import { WechatPay } from '../../server/payments/wechatpay/wechatPay';
import type { CreateOrderRequest } from '../../shared/payments';
import { startAlipayStandIn } from '../support/alipayStandIn';
import { writeArticle } from '../support/articles';
import { bookletOrder, membershipOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase, testEngine } from '../support/testDatabase';
import { startWechatPayStandIn } from '../support/wechatPayStandIn';
import { billsMade, reconcileToday } from '../support/reconcile';

// One payment per order across the wallet, WeChat Pay and Alipay (docs/decisions/063), on both
// engines. The races are forced, not left to luck: the first path is held at its pause point
// (server/payments/paymentPause.ts) with the order locked and checked, the others are started,
// and it is released only once they wait behind it — on PostgreSQL once pg_blocking_pids shows
// them waiting for its locks; SQLite's one connection holds every other query back until it ends.

const MCHID = '1900000109';
const WX_APP = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const ALIPAY_APP = '2021000000000001';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PRICE = 990;
const VIP_MONTH = 'vip_monthly_manual';
const VIP_MONTH_CENTS = 7800;

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

interface Hold {
  path: PausedPayment['path'];
  order: string;
  arrive: (trx: Transaction<DB>) => void;
  released: Promise<void>;
}

describe('one payment per order (decision 063)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wx = await startWechatPayStandIn({
    mchid: MCHID,
    appId: WX_APP,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    h5Domain: '127.0.0.1',
    billClock: billsMade,
  });
  const ali = await startAlipayStandIn({ appId: ALIPAY_APP, appPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey, billClock: billsMade });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await wx.close();
    await ali.close();
  });

  /** What the providers log at warn and above, as JSON lines. */
  const logged: { msg: string; order?: string; outTradeNo?: string; refund?: string; via?: string }[] = [];
  const logger = pino({ level: 'warn', base: undefined }, { write: (line: string) => logged.push(JSON.parse(line)) });

  const holds: Hold[] = [];
  const pause: PaymentPause = async (at) => {
    const index = holds.findIndex((h) => h.path === at.path && h.order === at.order);
    const [held] = index < 0 ? [] : holds.splice(index, 1);
    if (!held) return;
    held.arrive(at.trx);
    await held.released;
  };
  /** Holds the next payment of `order` by `path` at its pause point: `reached` once it is there, `release()` lets it go on. */
  function hold(path: PausedPayment['path'], order: string) {
    let arrive: (trx: Transaction<DB>) => void = () => undefined;
    let release: () => void = () => undefined;
    const reached = new Promise<Transaction<DB>>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    holds.push({ path, order, arrive, released });
    return { reached, release };
  }

  const now = () => Date.now();
  const wechatPayConfig: WechatPayConfig = {
    mchid: MCHID,
    appId: WX_APP,
    serialNo: MERCHANT_SERIAL,
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    notifyOrigin: origin,
    baseUrl: wx.origin,
    timeoutMs: 3000,
  };
  const alipayConfig: AlipayConfig = {
    appId: ALIPAY_APP,
    sellerId: '2088000000000001',
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    alipayPublicKeyPem: pem(alipayKeys.publicKey, 'spki'),
    gateway: ali.gateway,
    notifyOrigin: origin,
    timeoutMs: 3000,
  };
  // Held transactions keep connections: enough for the held one, three waiting behind it and the requests' own reads.
  const database = await testDatabase({ poolSize: 10 });
  const { db } = database;
  const wechatPay = new WechatPay({ db, config: wechatPayConfig, now, logger, siteName: 'Zine', pause });
  const alipay = new Alipay({ db, config: alipayConfig, now, logger, siteName: 'Zine', pause });
  const config: Partial<Config> = { publicOrigin: origin, paymentsSandbox: false, wechatPay: wechatPayConfig, alipay: alipayConfig };
  const { app } = await testApp({ config, deps: { database, wechatPay, alipay, now, paymentPause: pause } });
  await wechatPay.stopSweep();
  await alipay.stopSweep();
  server.on('request', app);

  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();
  const clearingOf = async (ref: string) =>
    (await ledgerOf(ref)).filter((e) => e.account === PLATFORM_CLEARING).reduce((sum, e) => sum + Number(e.amount_cents), 0);
  const debitsOf = async (ref: string, userId: number) =>
    (await ledgerOf(ref)).filter((e) => e.account === walletAccount(userId) && Number(e.amount_cents) < 0);
  const balance = (userId: number) => balanceCents(db, walletAccount(userId));
  const expiryOf = async (userId: number) =>
    Number((await db.selectFrom('users').select('membership_expires_at').where('id', '=', userId).executeTakeFirstOrThrow()).membership_expires_at ?? 0);
  const tradeRefundsOf = async (ref: string) =>
    db
      .selectFrom('trade_refunds')
      .innerJoin('orders', 'orders.id', 'trade_refunds.order_id')
      .selectAll('trade_refunds')
      .where('orders.ref', '=', ref)
      .orderBy('trade_refunds.id')
      .execute();

  let people = 0;
  /** A new reader, signed in, with 200 yuan in the wallet and a WeChat identity of the official account. */
  async function reader() {
    people += 1;
    const name = `reader${people}`;
    const user = await createPerson(database, name);
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    await db.transaction().execute((trx) => creditWallet(trx, user.id, 20000, { from: PLATFORM_ADJUSTMENTS, kind: 'test', ref: 'test', now: now() }));
    const openid = `o-${name}`;
    await db.insertInto('wechat_identities').values({ user_id: user.id, app: 'mp', openid, unionid: null, created_at: now() }).execute();
    wx.openids.add(openid);
    return { visitor, user, openid };
  }
  /** An author's booklet with one paid chapter, at PRICE. */
  async function booklet() {
    people += 1;
    const author = await createPerson(database, `author${people}`);
    const article = await writeArticle(database, author.id, `author${people}-paid`, { title: 'Paid words' });
    const items = [{ type: 'article' as const, articleId: article, slug: 'paid', salesMode: 'payment_required' as const }];
    const id = await createBooklet(db, { slug: `guide${people}`, ownerId: author.id, name: 'Guide', priceCents: PRICE, currency: 'CNY', items }, now());
    return { author, id };
  }
  const newOrder = async (visitor: Visitor, body: CreateOrderRequest) => {
    const res = await visitor.post('/api/payments/order/', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const lastTrade = async (table: 'wechatpay_orders' | 'alipay_orders', ref: string) =>
    (
      await db
        .selectFrom(table)
        .innerJoin('orders', 'orders.id', `${table}.order_id`)
        .select(`${table}.out_trade_no as no`)
        .where('orders.ref', '=', ref)
        .orderBy(`${table}.id`, 'desc')
        .executeTakeFirstOrThrow()
    ).no;
  const tradeStatus = async (table: 'wechatpay_orders' | 'alipay_orders', outTradeNo: string) =>
    (await db.selectFrom(table).select('status').where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow()).status;
  /** A Native trade of the order at WeChat Pay: its out_trade_no. */
  const native = async (visitor: Visitor, ref: string) => {
    expect((await visitor.get(`/api/payments/order/${ref}/wechat/native/`)).status).toBe(200);
    return lastTrade('wechatpay_orders', ref);
  };
  /** A chat-app (JSAPI) trade of the order at WeChat Pay. */
  const jsapi = async (visitor: Visitor, ref: string, openid: string) => {
    expect((await visitor.get(`/api/payments/order/${ref}/wechat/?openid=${openid}`)).status).toBe(200);
    return lastTrade('wechatpay_orders', ref);
  };
  /** An H5 trade of the order (a phone's browser, docs/decisions/069): its out_trade_no and the cashier link. */
  const h5 = async (visitor: Visitor, ref: string) => {
    const res = await visitor.agent.get(`/api/payments/order/${ref}/wechat/h5/?return_url=%2F`).set('X-CSRFToken', visitor.csrf).set('User-Agent', PHONE);
    expect(res.status).toBe(200);
    return { outTradeNo: await lastTrade('wechatpay_orders', ref), url: res.body.h5_url as string };
  };
  /** The payer opens the cashier link from our page and pays; the notification is left to the test. */
  const payH5 = async (url: string) => {
    wx.h5Notifies = false;
    try {
      return await fetch(url, { redirect: 'manual', headers: { Referer: `${origin}/`, 'User-Agent': PHONE } });
    } finally {
      wx.h5Notifies = true;
    }
  };
  /** An Alipay page-pay trade of the order, its cashier opened (the trade made at Alipay). */
  const alipayTrade = async (visitor: Visitor, ref: string) => {
    const res = await visitor.agent
      .get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent(`${origin}/`)}`)
      .set('X-CSRFToken', visitor.csrf)
      .set('User-Agent', DESKTOP);
    expect(res.status).toBe(200);
    expect((await ali.open(res.body.url as string)).status).toBe(200);
    return lastTrade('alipay_orders', ref);
  };

  /**
   * Until each racer waits for the held transaction's locks, directly or in the queue behind it
   * (PostgreSQL: pg_blocking_pids). On
   * SQLite the held transaction has the one connection: the others cannot even read until it ends.
   */
  async function waitingBehind(held: Transaction<DB>, racers: Promise<unknown>[]): Promise<void> {
    // A racer that did not wait (nothing held it back) counts too: the assertions then show what it did.
    let finished = 0;
    for (const racer of racers) void racer.finally(() => (finished += 1)).catch(() => undefined);
    const count = racers.length;
    if (testEngine() !== 'postgres') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return;
    }
    const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held)).rows[0]?.pid ?? 0;
    for (let tries = 0; tries < 400; tries += 1) {
      // Row-lock waiters queue behind the first waiter: count the whole queue, not only those blocked by it directly.
      const { rows } = await sql<{ n: string | number }>`
        with recursive behind(pid) as (
          select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))
          union
          select a.pid from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid))
        )
        select count(*) as n from behind`.execute(db);
      if (Number(rows[0]?.n) + finished >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} transactions waited behind the held payment`);
  }

  /** The WeChat Pay refund of a trade finished there and notified: the trade refund completes. */
  async function finishWechatRefund(outTradeNo: string) {
    const [refund] = await db.selectFrom('trade_refunds').selectAll().where('out_trade_no', '=', outTradeNo).execute();
    expect(refund).toMatchObject({ provider: 'wechat', status: 'pending' });
    expect(wx.refunds.get(refund?.out_refund_no ?? '')).toMatchObject({ outTradeNo, status: 'PROCESSING' });
    wx.finishRefund(refund?.out_refund_no ?? '');
    expect((await wx.notifyRefund(refund?.out_refund_no ?? '')).status).toBe(204);
  }

  it('a booklet: WeChat Pay’s notification holds the order, the wallet payment racing it is refused and the wallet unchanged', async () => {
    const { author, id } = await booklet();
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, bookletOrder(id, PRICE));
    const outTradeNo = await native(visitor, ref);
    wx.pay(outTradeNo);

    const notification = hold('wechatpay', ref);
    const notified = wx.notify(outTradeNo);
    const held = await notification.reached;
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    await waitingBehind(held, [wallet]);
    notification.release();

    expect((await notified).status).toBe(204);
    const refused = await wallet;
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Order already paid.' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wechat' });
    expect(await balance(user.id)).toBe(20000);
    expect(await debitsOf(ref, user.id)).toEqual([]);
    expect(await balance(author.id)).toBe(PRICE);
    expect(await db.selectFrom('booklet_purchases').select('order_ref').where('user_id', '=', user.id).execute()).toEqual([{ order_ref: ref }]);
    expect(await tradeRefundsOf(ref)).toEqual([]);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a booklet: the wallet payment holds the order, WeChat Pay’s money racing it is refunded automatically and logged', async () => {
    const { author, id } = await booklet();
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, bookletOrder(id, PRICE));
    const outTradeNo = await native(visitor, ref);
    wx.pay(outTradeNo);

    const payment = hold('wallet', ref);
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    const held = await payment.reached;
    const notified = wx.notify(outTradeNo);
    await waitingBehind(held, [notified]);
    payment.release();

    expect((await wallet).body).toMatchObject({ id: ref, status: 'paid', method: 'wallet' });
    expect((await notified).status).toBe(204);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await debitsOf(ref, user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(20000 - PRICE);
    expect(await balance(author.id)).toBe(PRICE);
    expect(await tradeStatus('wechatpay_orders', outTradeNo)).toBe('paid');
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'A payment the order must not keep: refunded automatically', order: ref, outTradeNo, refund: 'pending' }),
    );
    // WeChat Pay works on the refund, then notifies it: the money leaves clearing.
    await finishWechatRefund(outTradeNo);
    expect(await tradeRefundsOf(ref)).toEqual([expect.objectContaining({ out_trade_no: outTradeNo, status: 'succeeded', amount_cents: PRICE })]);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a booklet: the wallet payment holds the order, WeChat Pay’s H5 payment racing it is refunded automatically', async () => {
    const { author, id } = await booklet();
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, bookletOrder(id, PRICE));
    const { outTradeNo, url } = await h5(visitor, ref);
    expect((await payH5(url)).status).toBe(302);

    const payment = hold('wallet', ref);
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    const held = await payment.reached;
    const notified = wx.notify(outTradeNo);
    const polled = visitor.get(`/api/payments/order/${ref}/`);
    await waitingBehind(held, [notified, polled]);
    payment.release();

    expect((await wallet).body).toMatchObject({ id: ref, status: 'paid', method: 'wallet' });
    expect((await notified).status).toBe(204);
    expect((await polled).status).toBe(200);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await debitsOf(ref, user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(20000 - PRICE);
    expect(await balance(author.id)).toBe(PRICE);
    expect(await tradeStatus('wechatpay_orders', outTradeNo)).toBe('paid');
    expect(await tradeRefundsOf(ref)).toEqual([
      expect.objectContaining({ out_trade_no: outTradeNo, provider: 'wechat', amount_cents: PRICE, status: 'pending' }),
    ]);
    await finishWechatRefund(outTradeNo);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('an order paid from the wallet closes its open H5 trade at WeChat Pay at once: its cashier link no longer pays', async () => {
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const { outTradeNo, url } = await h5(visitor, ref);
    expect((await visitor.post(`/api/payments/order/${ref}/wallet/`, {})).body).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(wx.orders.get(outTradeNo)?.state).toBe('CLOSED');
    expect(await tradeStatus('wechatpay_orders', outTradeNo)).toBe('closed');
    expect((await payH5(url)).status).toBe(400);
    expect(await balance(user.id)).toBe(20000 - VIP_MONTH_CENTS);
    expect(await tradeRefundsOf(ref)).toEqual([]);
  });

  it('a membership: the wallet payment holds the order, Alipay’s money racing it is refunded; no deadlock, months added once', async () => {
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const outTradeNo = await alipayTrade(visitor, ref);
    ali.pay(outTradeNo);
    const before = Math.max(await expiryOf(user.id), now());

    const payment = hold('wallet', ref);
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    const held = await payment.reached;
    const notified = ali.notify(outTradeNo);
    await waitingBehind(held, [notified]);
    payment.release();

    expect((await wallet).status).toBe(200);
    expect((await notified).body).toBe('success');
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await debitsOf(ref, user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(20000 - VIP_MONTH_CENTS);
    const added = (await expiryOf(user.id)) - before;
    expect(added).toBeGreaterThan(27 * 24 * 3600_000);
    expect(added).toBeLessThan(32 * 24 * 3600_000);
    // Alipay refunds in its answer: done at once.
    const [refund] = await tradeRefundsOf(ref);
    expect(refund).toMatchObject({ provider: 'alipay', out_trade_no: outTradeNo, status: 'succeeded' });
    expect(ali.refunds.get(`${outTradeNo}|${refund?.out_refund_no ?? ''}`)).toMatchObject({ refundAmount: '78.00', asked: 1 });
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a membership: WeChat Pay’s notification holds the order, the wallet racing it is refused; no deadlock', async () => {
    const { visitor, user } = await reader();
    const ref = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const outTradeNo = await native(visitor, ref);
    wx.pay(outTradeNo);
    const before = Math.max(await expiryOf(user.id), now());

    const notification = hold('wechatpay', ref);
    const notified = wx.notify(outTradeNo);
    const held = await notification.reached;
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    await waitingBehind(held, [wallet]);
    notification.release();

    expect((await notified).status).toBe(204);
    expect((await wallet).body).toEqual({ detail: 'Order already paid.' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wechat' });
    expect(await balance(user.id)).toBe(20000);
    expect((await expiryOf(user.id)) - before).toBeLessThan(32 * 24 * 3600_000);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a notification, an order poll’s query, the sweep and the wallet racing on one order: one payment kept, the others refunded', async () => {
    const { visitor, user, openid } = await reader();
    const ref = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const alipayNo = await alipayTrade(visitor, ref);
    const nativeNo = await native(visitor, ref);
    const jsapiNo = await jsapi(visitor, ref, openid);
    // The payer paid all three (two phones, a desktop) before any word of it reached us.
    for (const no of [jsapiNo, nativeNo]) wx.pay(no);
    ali.pay(alipayNo);
    await db.updateTable('alipay_orders').set({ expires_at: 0 }).where('out_trade_no', '=', alipayNo).execute();

    const notification = hold('wechatpay', ref);
    const notified = wx.notify(jsapiNo);
    const held = await notification.reached;
    const polled = visitor.get(`/api/payments/order/${ref}/`);
    const swept = alipay.sweep();
    const wallet = visitor.post(`/api/payments/order/${ref}/wallet/`, {});
    await waitingBehind(held, [polled, swept, wallet]);
    notification.release();

    expect((await notified).status).toBe(204);
    expect((await wallet).body).toEqual({ detail: 'Order already paid.' });
    expect((await polled).status).toBe(200);
    expect(await swept).toEqual({ paid: 1, closed: 0, failed: 0 });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wechat', provider_ref: wx.orders.get(jsapiNo)?.transactionId });
    expect(await balance(user.id)).toBe(20000);
    expect((await ledgerOf(ref)).filter((e) => e.kind === 'membership')).toHaveLength(2);
    // On PostgreSQL the poll read the order pending and its query settled the Native trade behind the lock;
    // on SQLite the poll ran after and saw it paid, so WeChat Pay's notification of that trade settles it.
    if (testEngine() === 'postgres') expect(logged).toContainEqual(expect.objectContaining({ via: 'query', outTradeNo: nativeNo, order: ref }));
    expect((await wx.notify(nativeNo)).status).toBe(204);
    const refunds = await tradeRefundsOf(ref);
    expect(refunds.map((r) => [r.out_trade_no, r.status]).sort()).toEqual(
      [
        [alipayNo, 'succeeded'],
        [nativeNo, 'pending'],
      ].sort(),
    );
    await finishWechatRefund(nativeNo);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a second trade of a paid order (JSAPI, then Native) is refunded automatically; the order stays paid once', async () => {
    const { author, id } = await booklet();
    const { visitor, user, openid } = await reader();
    const ref = await newOrder(visitor, bookletOrder(id, PRICE));
    const jsapiNo = await jsapi(visitor, ref, openid);
    const nativeNo = await native(visitor, ref);
    wx.pay(jsapiNo);
    wx.pay(nativeNo);
    expect((await wx.notify(jsapiNo)).status).toBe(204);
    // The Native trade was paid already: WeChat Pay would not close it, and that is logged.
    expect(await tradeStatus('wechatpay_orders', nativeNo)).toBe('open');
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'An open trade of a paid order could not be closed: left to the sweep', order: ref, outTradeNo: nativeNo }),
    );
    expect((await wx.notify(nativeNo)).status).toBe(204);
    expect(await tradeRefundsOf(ref)).toEqual([
      expect.objectContaining({ out_trade_no: nativeNo, provider: 'wechat', amount_cents: PRICE, status: 'pending' }),
    ]);
    // A replayed notification asks nothing twice.
    expect((await wx.notify(nativeNo)).status).toBe(204);
    expect([...wx.refunds.values()].filter((r) => r.outTradeNo === nativeNo)).toHaveLength(1);
    await finishWechatRefund(nativeNo);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid', method: 'wechat', provider_ref: wx.orders.get(jsapiNo)?.transactionId });
    expect(await balance(author.id)).toBe(PRICE);
    expect(await balance(user.id)).toBe(20000);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a trade refund WeChat Pay did not answer is asked again by the sweep, with the same number, until it is done', async () => {
    const { id } = await booklet();
    const { visitor, openid } = await reader();
    const ref = await newOrder(visitor, bookletOrder(id, PRICE));
    const jsapiNo = await jsapi(visitor, ref, openid);
    const nativeNo = await native(visitor, ref);
    wx.pay(jsapiNo);
    wx.pay(nativeNo);
    expect((await wx.notify(jsapiNo)).status).toBe(204);
    wx.refuseRefunds({ status: 500, code: 'SYSTEM_ERROR', message: 'system busy' });
    expect((await wx.notify(nativeNo)).status).toBe(204);
    wx.refuseRefunds(null);
    const [refund] = await tradeRefundsOf(ref);
    expect(refund).toMatchObject({ out_trade_no: nativeNo, status: 'pending' });
    const outRefundNo = refund?.out_refund_no ?? '';
    expect(wx.refunds.has(outRefundNo)).toBe(false);

    // Not yet: a refund just asked is left to the provider's answer for a while.
    await wechatPay.sweep();
    expect(wx.refunds.has(outRefundNo)).toBe(false);
    await db
      .updateTable('trade_refunds')
      .set({ created_at: now() - 10 * 60_000 })
      .where('id', '=', refund?.id ?? 0)
      .execute();
    await wechatPay.sweep();
    expect(wx.refunds.get(outRefundNo)).toMatchObject({ outTradeNo: nativeNo, status: 'PROCESSING', asked: 1 });
    expect((await tradeRefundsOf(ref))[0]?.status).toBe('pending');
    // Done at WeChat Pay, its notification lost: the next sweep's question completes it.
    wx.finishRefund(outRefundNo);
    await wechatPay.sweep();
    expect(wx.refunds.get(outRefundNo)?.asked).toBe(2);
    expect((await tradeRefundsOf(ref))[0]).toMatchObject({ status: 'succeeded', provider_refund_id: wx.refunds.get(outRefundNo)?.refundId });
    await wechatPay.sweep();
    expect(wx.refunds.get(outRefundNo)?.asked).toBe(2);
    expect(await clearingOf(ref)).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('once an order is paid its other open trades are closed at once, at WeChat Pay and at Alipay', async () => {
    const { visitor, openid } = await reader();
    const ref = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const alipayNo = await alipayTrade(visitor, ref);
    const nativeNo = await native(visitor, ref);
    const jsapiNo = await jsapi(visitor, ref, openid);
    wx.pay(jsapiNo);
    expect((await wx.notify(jsapiNo)).status).toBe(204);
    expect(wx.orders.get(nativeNo)?.state).toBe('CLOSED');
    expect(ali.trades.get(alipayNo)?.status).toBe('TRADE_CLOSED');
    expect(await tradeStatus('wechatpay_orders', nativeNo)).toBe('closed');
    expect(await tradeStatus('alipay_orders', alipayNo)).toBe('closed');
    expect(() => wx.pay(nativeNo)).toThrow('closed');

    // Paid from the wallet: the same.
    const next = await newOrder(visitor, membershipOrder(VIP_MONTH));
    const nextNative = await native(visitor, next);
    const nextAlipay = await alipayTrade(visitor, next);
    expect((await visitor.post(`/api/payments/order/${next}/wallet/`, {})).body).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(wx.orders.get(nextNative)?.state).toBe('CLOSED');
    expect(ali.trades.get(nextAlipay)?.status).toBe('TRADE_CLOSED');
    expect(await tradeStatus('wechatpay_orders', nextNative)).toBe('closed');
    expect(await tradeStatus('alipay_orders', nextAlipay)).toBe('closed');
    expect(await audit()).toContain('every txn sums to zero');
  });

  it("after the whole suite, the providers' bills and the books agree (decision 070)", async () => {
    const result = await reconcileToday({ db, wechatPay, alipay });
    expect(result.out).toContain('summary: clean');
    expect(result.code).toBe(0);
  });
});
