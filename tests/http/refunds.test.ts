import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { walletCommands } from '../../server/admin/walletCommands';
import { UserDirectory } from '../../server/accounts/users';
import type { AlipayConfig, Config, WechatPayConfig } from '../../server/config';
import { createBooklet } from '../../server/content/createBooklet';
import { createLogger } from '../../server/logger';
import { Alipay } from '../../server/payments/alipay/alipay';
import {
  balanceCents,
  creditWallet,
  PLATFORM_ADJUSTMENTS,
  PLATFORM_ALIPAY,
  PLATFORM_CLEARING,
  PLATFORM_REVENUE,
  PLATFORM_WECHATPAY,
  spendFromWallet,
  walletAccount,
} from '../../server/payments/ledger';
import { addMonths } from '../../server/payments/membership';
import { WECHATPAY_REFUND_NOTIFY_PATH, WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { startAlipayStandIn } from '../support/alipayStandIn';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { startWechatPayStandIn } from '../support/wechatPayStandIn';
import { billsMade, reconcileToday } from '../support/reconcile';
import type { CreateOrderRequest } from '../../shared/payments';
import { bookletOrder, membershipOrder } from '../support/orders';

// Refunds (docs/decisions/049): `npm run admin -- refund`, against the WeChat Pay and Alipay
// stand-ins, the wallet, and WeChat Pay's refund notifications, on both engines.

const MCHID = '1900000109';
const WX_APP = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const ALIPAY_APP = '2021000000000001';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PRICE = 990;

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('refunds (decision 049)', async () => {
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
    billClock: billsMade,
  });
  const ali = await startAlipayStandIn({ appId: ALIPAY_APP, appPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey, billClock: billsMade });

  // The app listens for real: the WeChat Pay stand-in posts notifications to it.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await wx.close();
    await ali.close();
  });

  const now = () => Date.now();
  const logger = createLogger({ logLevel: 'silent' });
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
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    sellerId: '2088000000000001',
    alipayPublicKeyPem: pem(alipayKeys.publicKey, 'spki'),
    gateway: ali.gateway,
    notifyOrigin: origin,
    timeoutMs: 3000,
  };
  const database = await testDatabase();
  const { db } = database;
  const wechatPay = new WechatPay({ db, config: wechatPayConfig, now, logger, siteName: 'Zine' });
  const alipay = new Alipay({ db, config: alipayConfig, now, logger, siteName: 'Zine' });
  const config: Partial<Config> = { publicOrigin: origin, paymentsSandbox: false, wechatPay: wechatPayConfig, alipay: alipayConfig };
  const { app } = await testApp({ config, deps: { database, wechatPay, alipay, now } });
  await wechatPay.stopSweep();
  await alipay.stopSweep();
  server.on('request', app);

  const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(db, now), db, now, logger, wechatPay, alipay });
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const refundOf = async (ref: string) =>
    db.selectFrom('refunds').innerJoin('orders', 'orders.id', 'refunds.order_id').selectAll('refunds').where('orders.ref', '=', ref).executeTakeFirstOrThrow();
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();
  const balance = (userId: number) => balanceCents(db, walletAccount(userId));
  const credit = (userId: number, cents: number) =>
    db.transaction().execute((trx) => creditWallet(trx, userId, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'test', ref: 'test', now: now() }));
  const signedIn = async (name: string) => {
    await createPerson(database, name);
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    const user = await db.selectFrom('users').selectAll().where('username', '=', name).executeTakeFirstOrThrow();
    return { visitor, user };
  };

  /** An author's booklet with one paid chapter, at PRICE. */
  async function paidBooklet(authorName: string) {
    const author = await createPerson(database, authorName);
    const chapter = `${authorName}-paid`;
    const article = await writeArticle(database, author.id, chapter, { title: 'Paid words' });
    const id = await createBooklet(
      db,
      {
        slug: `${authorName}-guide`,
        ownerId: author.id,
        name: 'Guide',
        priceCents: PRICE,
        currency: 'CNY',
        items: [{ type: 'article', articleId: article, slug: 'paid', salesMode: 'payment_required' }],
      },
      now(),
    );
    return { author, id, chapter };
  }
  const canRead = async (visitor: Visitor, chapter: string) => {
    const res = await visitor.get(`/api/article/${chapter}/`);
    expect(res.status).toBe(200);
    return res.body.paywall === null;
  };
  const newOrder = async (visitor: Visitor, body: CreateOrderRequest) => {
    const res = await visitor.post('/api/payments/order/', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Bought with WeChat Pay's Native pay, paid, and the payment notified. */
  async function paidWithWechat(visitor: Visitor, body: CreateOrderRequest) {
    const ref = await newOrder(visitor, body);
    expect((await visitor.get(`/api/payments/order/${ref}/wechat/native/`)).status).toBe(200);
    const row = await db
      .selectFrom('wechatpay_orders')
      .innerJoin('orders', 'orders.id', 'wechatpay_orders.order_id')
      .select('out_trade_no')
      .where('orders.ref', '=', ref)
      .executeTakeFirstOrThrow();
    wx.pay(row.out_trade_no);
    expect((await wx.notify(row.out_trade_no)).status).toBe(204);
    expect((await orderRow(ref)).status).toBe('paid');
    return { ref, outTradeNo: row.out_trade_no };
  }
  /** Bought with Alipay's page pay, the cashier opened, paid, and the payment notified. */
  async function paidWithAlipay(visitor: Visitor, body: CreateOrderRequest) {
    const ref = await newOrder(visitor, body);
    const res = await visitor.agent
      .get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent(`${origin}/`)}`)
      .set('X-CSRFToken', visitor.csrf)
      .set('User-Agent', DESKTOP);
    expect(res.status).toBe(200);
    expect((await ali.open(res.body.url as string)).status).toBe(200);
    const row = await db
      .selectFrom('alipay_orders')
      .innerJoin('orders', 'orders.id', 'alipay_orders.order_id')
      .select('out_trade_no')
      .where('orders.ref', '=', ref)
      .executeTakeFirstOrThrow();
    ali.pay(row.out_trade_no);
    expect((await ali.notify(row.out_trade_no)).body).toBe('success');
    expect((await orderRow(ref)).status).toBe('paid');
    return { ref, outTradeNo: row.out_trade_no };
  }

  it('a booklet bought with WeChat Pay: refunded at WeChat Pay, completed by its notification, the sale reversed and the chapter locked again', async () => {
    const { author, id, chapter } = await paidBooklet('ida');
    const { visitor: benV, user: ben } = await signedIn('ben');
    const { ref, outTradeNo } = await paidWithWechat(benV, bookletOrder(id, PRICE));
    expect(await canRead(benV, chapter)).toBe(true);
    expect(await balance(author.id)).toBe(PRICE);

    const asked = await admin('refund', ref, '--reason', 'Bought by mistake');
    expect(asked).toEqual({ code: 0, out: expect.stringContaining('is pending') });
    const outRefundNo = (await refundOf(ref)).out_refund_no;
    expect(wx.refunds.get(outRefundNo)).toMatchObject({
      outTradeNo,
      refund: PRICE,
      total: PRICE,
      currency: 'CNY',
      reason: 'Bought by mistake',
      notifyUrl: `${origin}${WECHATPAY_REFUND_NOTIFY_PATH}`,
      status: 'PROCESSING',
    });
    // Asked again while WeChat Pay works on it: the same out_refund_no, one refund there.
    expect((await admin('refund', ref)).code).toBe(0);
    expect(wx.refunds.size).toBe(1);
    expect(wx.refunds.get(outRefundNo)?.asked).toBe(2);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
    expect(await refundOf(ref)).toMatchObject({ status: 'pending', provider: 'wechat', amount_cents: PRICE, reason: 'Bought by mistake' });

    // A notification not signed by WeChat Pay is refused and changes nothing.
    wx.finishRefund(outRefundNo);
    const forged = await wx.notifyRefund(outRefundNo, { signWith: merchant.privateKey });
    expect(forged.status).toBe(403);
    expect((await refundOf(ref)).status).toBe('pending');

    const notification = wx.refundNotification(outRefundNo);
    expect((await wx.deliverRefund(outRefundNo, notification)).status).toBe(204);
    expect(await orderRow(ref)).toMatchObject({ status: 'refunded' });
    expect(await refundOf(ref)).toMatchObject({ status: 'succeeded', provider_refund_id: wx.refunds.get(outRefundNo)?.refundId });
    const reversed = [
      { account: PLATFORM_WECHATPAY, amount_cents: -PRICE, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: PRICE, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: -PRICE, kind: 'booklet_sale' },
      { account: walletAccount(author.id), amount_cents: PRICE, kind: 'booklet_sale' },
      { account: walletAccount(author.id), amount_cents: -PRICE, kind: 'booklet_sale_refund' },
      { account: PLATFORM_CLEARING, amount_cents: PRICE, kind: 'booklet_sale_refund' },
      { account: PLATFORM_CLEARING, amount_cents: -PRICE, kind: 'wechat_refund' },
      { account: PLATFORM_WECHATPAY, amount_cents: PRICE, kind: 'wechat_refund' },
    ];
    expect(await ledgerOf(ref)).toEqual(reversed);
    expect(await balance(author.id)).toBe(0);
    expect(await canRead(benV, chapter)).toBe(false);
    expect(await db.selectFrom('booklet_purchases').select('id').where('user_id', '=', ben.id).execute()).toEqual([]);
    expect(await audit()).toContain('every txn sums to zero');

    // Replayed: nothing more. Refunded orders cannot be paid again or refunded twice.
    expect((await wx.deliverRefund(outRefundNo, notification)).status).toBe(204);
    expect(await admin('refund', ref)).toEqual({ code: 0, out: expect.stringContaining('was done already') });
    expect(await ledgerOf(ref)).toEqual(reversed);
    expect(wx.refunds.get(outRefundNo)?.asked).toBe(2);
    expect((await benV.post(`/api/payments/order/${ref}/wallet/`, {})).status).toBe(400);
    // The buyer may buy it again, with a new order.
    expect((await benV.post('/api/payments/order/', bookletOrder(id, PRICE))).status).toBe(201);
  });

  it('a booklet bought with Alipay: refunded in the answer (fund_change Y), once', async () => {
    const { author, id, chapter } = await paidBooklet('jon');
    const { visitor: catV, user: cat } = await signedIn('cat');
    const { ref, outTradeNo } = await paidWithAlipay(catV, bookletOrder(id, PRICE));
    expect(await canRead(catV, chapter)).toBe(true);

    expect(await admin('refund', ref)).toEqual({ code: 0, out: expect.stringContaining('succeeded') });
    const outRequestNo = (await refundOf(ref)).out_refund_no;
    expect(ali.refunds.get(`${outTradeNo}|${outRequestNo}`)).toMatchObject({ refundAmount: '9.90', asked: 1 });
    expect(await orderRow(ref)).toMatchObject({ status: 'refunded' });
    expect(await ledgerOf(ref)).toEqual([
      { account: PLATFORM_ALIPAY, amount_cents: -PRICE, kind: 'alipay' },
      { account: PLATFORM_CLEARING, amount_cents: PRICE, kind: 'alipay' },
      { account: PLATFORM_CLEARING, amount_cents: -PRICE, kind: 'booklet_sale' },
      { account: walletAccount(author.id), amount_cents: PRICE, kind: 'booklet_sale' },
      { account: walletAccount(author.id), amount_cents: -PRICE, kind: 'booklet_sale_refund' },
      { account: PLATFORM_CLEARING, amount_cents: PRICE, kind: 'booklet_sale_refund' },
      { account: PLATFORM_CLEARING, amount_cents: -PRICE, kind: 'alipay_refund' },
      { account: PLATFORM_ALIPAY, amount_cents: PRICE, kind: 'alipay_refund' },
    ]);
    expect(await canRead(catV, chapter)).toBe(false);
    expect(await db.selectFrom('booklet_purchases').select('id').where('user_id', '=', cat.id).execute()).toEqual([]);
    expect(await audit()).toContain('every txn sums to zero');

    // Twice: refunded once, Alipay not asked again.
    expect(await admin('refund', ref)).toEqual({ code: 0, out: expect.stringContaining('was done already') });
    expect(ali.refunds.size).toBe(1);
    expect(ali.refunds.get(`${outTradeNo}|${outRequestNo}`)?.asked).toBe(1);
  });

  it('Alipay answering fund_change N (asked again after a lost answer) is confirmed by the refund query', async () => {
    const { id } = await paidBooklet('kim');
    const { visitor: danV } = await signedIn('dan');
    const { ref, outTradeNo } = await paidWithAlipay(danV, bookletOrder(id, PRICE));
    const order = await orderRow(ref);
    // The first answer was lost: Alipay refunded, we still think it pending.
    await alipay.client.refund({ outTradeNo, outRequestNo: `${ref.replace(/[^A-Za-z0-9_]/g, '_')}_R`, refundAmount: '9.90', reason: null });
    expect(await admin('refund', order.ref)).toEqual({ code: 0, out: expect.stringContaining('succeeded') });
    expect(ali.refunds.size).toBe(2);
    expect(await orderRow(ref)).toMatchObject({ status: 'refunded' });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a wallet-paid booklet whose author withdrew the money: the buyer gets it back, the author’s wallet goes below zero', async () => {
    const { author, id, chapter } = await paidBooklet('lee');
    const { visitor: eveV, user: eve } = await signedIn('eve');
    await credit(eve.id, 5000);
    const ref = await newOrder(eveV, bookletOrder(id, PRICE));
    expect((await eveV.post(`/api/payments/order/${ref}/wallet/`, {})).body.status).toBe('paid');
    expect(await canRead(eveV, chapter)).toBe(true);
    // The author withdrew the sale.
    await db
      .transaction()
      .execute((trx) => spendFromWallet(trx, author.id, PRICE, { to: PLATFORM_CLEARING, kind: 'withdrawal', ref: 'withdrawal:test', now: now() }));
    expect(await balance(author.id)).toBe(0);

    const { id: rowId } = await orderRow(ref);
    expect(await admin('refund', String(rowId))).toEqual({ code: 0, out: expect.stringContaining('succeeded') });
    expect(await orderRow(ref)).toMatchObject({ status: 'refunded' });
    expect(await refundOf(ref)).toMatchObject({ provider: 'wallet', status: 'succeeded' });
    expect(await balance(eve.id)).toBe(5000);
    expect(await balance(author.id)).toBe(-PRICE);
    expect(await canRead(eveV, chapter)).toBe(false);
    const lines = (await eveV.get('/api/payments/wallet/transactions/')).body.results as { description: string; direction: string }[];
    expect(lines[0]).toMatchObject({ description: `Refund (order ${ref})`, direction: 'in' });
    // A wallet below zero pays nothing out until sales cover it.
    await expect(
      db.transaction().execute((trx) => spendFromWallet(trx, author.id, 1, { to: PLATFORM_CLEARING, kind: 'withdrawal', ref: 'withdrawal:test2', now: now() })),
    ).rejects.toThrow('Insufficient balance.');
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a membership: its months are taken back and the revenue reversed', async () => {
    const { visitor: finV, user: fin } = await signedIn('fin');
    await credit(fin.id, 20000);
    const first = await newOrder(finV, membershipOrder('vip_monthly_manual'));
    expect((await finV.post(`/api/payments/order/${first}/wallet/`, {})).body.status).toBe('paid');
    const afterFirst = Number(
      (await db.selectFrom('users').select('membership_expires_at').where('id', '=', fin.id).executeTakeFirstOrThrow()).membership_expires_at,
    );
    const { ref } = await paidWithWechat(finV, membershipOrder('vip_monthly_manual'));
    const afterSecond = Number(
      (await db.selectFrom('users').select('membership_expires_at').where('id', '=', fin.id).executeTakeFirstOrThrow()).membership_expires_at,
    );
    expect(afterSecond).toBe(addMonths(afterFirst, 1));
    const revenue = await balanceCents(db, PLATFORM_REVENUE);

    expect((await admin('refund', ref)).code).toBe(0);
    const outRefundNo = (await refundOf(ref)).out_refund_no;
    wx.finishRefund(outRefundNo);
    expect((await wx.notifyRefund(outRefundNo)).status).toBe(204);
    const user = await db.selectFrom('users').selectAll().where('id', '=', fin.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ membership_tier: 'vip', membership_expires_at: afterFirst });
    expect(await balanceCents(db, PLATFORM_REVENUE)).toBe(revenue - 7800);
    expect((await ledgerOf(ref)).slice(4)).toEqual([
      { account: PLATFORM_REVENUE, amount_cents: -7800, kind: 'membership_refund' },
      { account: PLATFORM_CLEARING, amount_cents: 7800, kind: 'membership_refund' },
      { account: PLATFORM_CLEARING, amount_cents: -7800, kind: 'wechat_refund' },
      { account: PLATFORM_WECHATPAY, amount_cents: 7800, kind: 'wechat_refund' },
    ]);

    // The first month, paid from the wallet, refunded too: nothing left, the membership ends now.
    expect((await admin('refund', first)).code).toBe(0);
    const ended = await db.selectFrom('users').selectAll().where('id', '=', fin.id).executeTakeFirstOrThrow();
    expect(Number(ended.membership_expires_at)).toBeLessThanOrEqual(Date.now());
    expect((await finV.get('/api/accounts/membership/')).body).toMatchObject({ level: 'vip', expired: true });
    expect(await balance(fin.id)).toBe(20000);
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a refund the provider refuses fails and leaves the order paid; asked again it is retried', async () => {
    const { author, id, chapter } = await paidBooklet('max');
    const { visitor: gusV } = await signedIn('gus');
    const { ref } = await paidWithWechat(gusV, bookletOrder(id, PRICE));
    wx.refuseRefunds({ status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' });
    const refused = await admin('refund', ref);
    wx.refuseRefunds(null);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('NOT_ENOUGH');
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
    expect(await refundOf(ref)).toMatchObject({ status: 'failed', failure: expect.stringContaining('NOT_ENOUGH') });
    expect(await balance(author.id)).toBe(PRICE);
    expect(await canRead(gusV, chapter)).toBe(true);

    // WeChat Pay takes it, then reports it ABNORMAL: failed again, still paid.
    expect((await admin('refund', ref)).out).toContain('is pending');
    const outRefundNo = (await refundOf(ref)).out_refund_no;
    wx.finishRefund(outRefundNo, 'ABNORMAL');
    expect((await wx.notifyRefund(outRefundNo)).status).toBe(204);
    expect(await refundOf(ref)).toMatchObject({ status: 'failed' });
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });

    // Alipay refusing: the same.
    const { id: other } = await paidBooklet('ned');
    const alipaid = await paidWithAlipay(gusV, bookletOrder(other, PRICE));
    ali.refuseRefunds('ACQ.SELLER_BALANCE_NOT_ENOUGH');
    const refusedAli = await admin('refund', alipaid.ref);
    ali.refuseRefunds(null);
    expect(refusedAli.code).toBe(1);
    expect(refusedAli.out).toContain('ACQ.SELLER_BALANCE_NOT_ENOUGH');
    expect(await orderRow(alipaid.ref)).toMatchObject({ status: 'paid' });
    expect(await refundOf(alipaid.ref)).toMatchObject({ status: 'failed' });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('refuses to refund an unpaid or unknown order', async () => {
    const { visitor: halV } = await signedIn('hal');
    const ref = await newOrder(halV, membershipOrder('vip_monthly_manual'));
    expect(await admin('refund', ref)).toEqual({ code: 1, out: expect.stringContaining('only a paid order can be refunded') });
    expect((await admin('refund', 'no-such-order')).code).toBe(1);
    expect((await admin('refund')).code).toBe(1);
  });

  it("after the whole suite, the providers' bills and the books agree (decision 070)", async () => {
    const result = await reconcileToday({ db, wechatPay, alipay });
    expect(result.out).toContain('summary: clean');
    expect(result.code).toBe(0);
  });
});
