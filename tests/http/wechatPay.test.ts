import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { walletCommands } from '../../server/admin/walletCommands';
import { createBooklet } from '../../server/content/createBooklet';
import type { Config, WechatPayConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import {
  balanceCents,
  creditWallet,
  PLATFORM_ADJUSTMENTS,
  PLATFORM_CLEARING,
  PLATFORM_REVENUE,
  PLATFORM_WECHATPAY,
  walletAccount,
} from '../../server/payments/ledger';
import { WECHATPAY_NOTIFY_PATH, WECHATPAY_ORDER_TTL_MS, WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { startWechatPayStandIn } from '../support/wechatPayStandIn';
import { billsMade, reconcileToday } from '../support/reconcile';
import { formatCents } from '../../shared/money';
import { bookletOrder, membershipOrder } from '../support/orders';

// WeChat Pay API v3 against a local stand-in that checks what the real service checks
// (docs/decisions/037), on both engines.

const MCHID = '1900000109';
const MP = { appId: 'wxmp00000000000001', secret: 'mpsecret00000000000000000000001' };
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const OPEN = 'https://open.wechat.test';
const VIP_MONTH = 'vip_monthly_manual';
const VIP_MONTH_FEN = 7800;

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('WeChat Pay API v3 (decision 037)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const standIn = await startWechatPayStandIn({
    mchid: MCHID,
    appId: MP.appId,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    oauthCodes: { 'ben-code': 'o-ben', 'cat-code': 'o-cat' },
    billClock: billsMade,
  });

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
  const payConfig: WechatPayConfig = {
    mchid: MCHID,
    appId: MP.appId,
    serialNo: MERCHANT_SERIAL,
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    notifyOrigin: origin,
    baseUrl: standIn.origin,
    timeoutMs: 3000,
  };

  /** A live site: no sandbox, WeChat Pay and the official account configured, WeChat's hosts the stand-in. */
  async function payApp(wechatPayConfig: WechatPayConfig) {
    const database = await testDatabase();
    const wechatPay = new WechatPay({ db: database.db, config: wechatPayConfig, now, logger: createLogger({ logLevel: 'silent' }), siteName: 'Zine' });
    const config: Partial<Config> = {
      publicOrigin: origin,
      paymentsSandbox: false,
      wechatPay: wechatPayConfig,
      wechat: { mp: MP, openBase: OPEN, apiBase: standIn.origin, timeoutMs: 3000 },
    };
    const test = await testApp({ config, deps: { database, wechatPay, now } });
    // The tests run the sweep themselves, at the moments they choose.
    await wechatPay.stopSweep();
    return { ...test, wechatPay };
  }

  const { app, database, wechatPay } = await payApp(payConfig);
  server.on('request', app);
  const { db } = database;
  const ben = await createPerson(database, 'ben');
  const cat = await createPerson(database, 'cat');
  await createPerson(database, 'dan');
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const [benV, catV, danV] = [await signedIn('ben'), await signedIn('cat'), await signedIn('dan')];

  /** The chat-app payment sign-in: our redirect to WeChat, then WeChat's callback with a code. */
  async function paymentSignIn(visitor: Visitor, code: string, next: string) {
    const start = await visitor.get(`/accounts/login/wechat_payment/?next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(302);
    const state = new URL(start.headers.location ?? '').searchParams.get('state') ?? '';
    return visitor.get(`/accounts/login/wechat/callback/?code=${encodeURIComponent(code)}&state=${state}`);
  }
  const newOrder = async (visitor: Visitor) => {
    const res = await visitor.post('/api/payments/order/', membershipOrder(VIP_MONTH));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const attempts = (ref: string) =>
    db
      .selectFrom('wechatpay_orders')
      .innerJoin('orders', 'orders.id', 'wechatpay_orders.order_id')
      .selectAll('wechatpay_orders')
      .where('orders.ref', '=', ref)
      .orderBy('wechatpay_orders.id')
      .execute();
  const outTradeNoOf = async (ref: string) => (await attempts(ref)).at(-1)?.out_trade_no ?? '';
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();
  const expiryOf = async (userId: number) =>
    Number((await db.selectFrom('users').select('membership_expires_at').where('id', '=', userId).executeTakeFirstOrThrow()).membership_expires_at);
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  /** A Native order placed for a new order: its ref and out_trade_no. */
  const nativeOrder = async (visitor: Visitor) => {
    const ref = await newOrder(visitor);
    expect((await visitor.get(`/api/payments/order/${ref}/wechat/native/`)).status).toBe(200);
    return { ref, outTradeNo: await outTradeNoOf(ref) };
  };

  it('the payment sign-in stores the open id with the account’s WeChat identity and hands it back', async () => {
    const res = await paymentSignIn(benV, 'ben-code', '/member/?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/member/?x=1&openid=o-ben&app_id=${MP.appId}`);
    const identity = await db.selectFrom('wechat_identities').select(['user_id', 'app', 'openid']).where('openid', '=', 'o-ben').executeTakeFirstOrThrow();
    expect(identity).toEqual({ user_id: ben.id, app: 'mp', openid: 'o-ben' });
    // Signed in already: the same session, now linked.
    expect((await benV.get('/api/accounts/info/')).body.username).toBe('ben');
    // A second time (another order, another day): the same open id back.
    expect((await paymentSignIn(benV, 'ben-code', '/')).headers.location).toBe(`/?openid=o-ben&app_id=${MP.appId}`);
    // The other sign-ins come back without one.
    const start = await catV.get('/accounts/login/weixin/?next=/found');
    const state = new URL(start.headers.location ?? '').searchParams.get('state') ?? '';
    expect((await catV.get(`/accounts/login/wechat/callback/?code=cat-code&state=${state}`)).headers.location).toBe('/found');
  });

  it('chat-app pay places a JSAPI order and answers bridge parameters signed with the merchant key', async () => {
    const ref = await newOrder(benV);
    const res = await benV.get(`/api/payments/order/${ref}/wechat/?openid=o-ben`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref, status: 'pending', method: 'wechat' });
    expect(res.body.sandbox_checkout_url).toBeUndefined();
    const params = res.body.app_params as Record<string, string>;
    expect(Object.keys(params).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    const placed = standIn.orders.get(await outTradeNoOf(ref));
    expect(placed).toMatchObject({
      tradeType: 'JSAPI',
      total: VIP_MONTH_FEN,
      currency: 'CNY',
      openid: 'o-ben',
      attach: ref,
      notifyUrl: `${origin}${WECHATPAY_NOTIFY_PATH}`,
    });
    expect(params).toMatchObject({ appId: MP.appId, package: `prepay_id=${placed?.prepayId}`, signType: 'RSA' });
    expect(Math.abs(Number(params.timeStamp) - Date.now() / 1000)).toBeLessThan(60);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(params.paySign ?? '', 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(message), platform.publicKey, Buffer.from(params.paySign ?? '', 'base64'))).toBe(false);

    // Asked again (a reload): the same WeChat Pay order, freshly signed parameters.
    const again = await benV.get(`/api/payments/order/${ref}/wechat/?openid=o-ben`);
    expect(again.body.app_params.package).toBe(params.package);
    expect(await attempts(ref)).toHaveLength(1);
    // An open id that is not the buyer's, another buyer's order, no CSRF token: refused, nothing placed.
    expect((await benV.get(`/api/payments/order/${ref}/wechat/?openid=o-cat`)).body).toEqual({
      openid: ['This WeChat account is not linked to your account.'],
    });
    expect((await catV.get(`/api/payments/order/${ref}/wechat/?openid=o-cat`)).status).toBe(404);
    expect((await benV.agent.get(`/api/payments/order/${ref}/wechat/?openid=o-ben`)).status).toBe(403);
    expect(await attempts(ref)).toHaveLength(1);
  });

  it('an order whose amount is not the price is refused before WeChat Pay hears of it: no order, no attempt, no ledger entry', async () => {
    const count = async (table: 'orders' | 'wechatpay_orders' | 'ledger_entries') =>
      Number((await db.selectFrom(table).select(db.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = [await count('orders'), await count('wechatpay_orders'), await count('ledger_entries')];
    const seen = standIn.requests.length;
    for (const amount of [formatCents(VIP_MONTH_FEN - 1), '0.01', undefined]) {
      const res = await benV.post('/api/payments/order/', { type: 'membership', identity: VIP_MONTH, amount });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['amount']);
    }
    expect([await count('orders'), await count('wechatpay_orders'), await count('ledger_entries')]).toEqual(before);
    expect(standIn.requests.length).toBe(seen);
  });

  it('Native pay answers a code_url for a QR code; web pay stays off without the sandbox', async () => {
    const ref = await newOrder(catV);
    const res = await catV.get(`/api/payments/order/${ref}/wechat/native/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ref, status: 'pending', method: 'wechat' });
    expect(res.body.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    const [row] = await attempts(ref);
    expect(row).toMatchObject({ trade_type: 'NATIVE', status: 'open', openid: null, code_url: res.body.code_url });
    expect(standIn.orders.get(row?.out_trade_no ?? '')).toMatchObject({ tradeType: 'NATIVE', total: VIP_MONTH_FEN });
    expect((await catV.get(`/api/payments/order/${ref}/wechat/native/`)).body.code_url).toBe(res.body.code_url);
    expect((await catV.get(`/api/payments/order/${ref}/alipay/web/`)).status).toBe(503);
  });

  it('a paid notification fulfils the order once; a replay changes nothing more; the ledger audit passes', async () => {
    const before = await expiryOf(cat.id);
    const { ref, outTradeNo } = await nativeOrder(catV);
    standIn.pay(outTradeNo);
    const notification = standIn.notification(outTradeNo);
    const first = await standIn.deliver(outTradeNo, notification);
    expect(first).toEqual({ status: 204, body: '' });
    const paid = await orderRow(ref);
    expect(paid).toMatchObject({ status: 'paid', method: 'wechat', provider_ref: standIn.orders.get(outTradeNo)?.transactionId });
    const expiry = await expiryOf(cat.id);
    expect(expiry - Math.max(before, clock)).toBeGreaterThan(27 * 24 * 3600_000);
    expect(await ledgerOf(ref)).toEqual([
      { account: PLATFORM_WECHATPAY, amount_cents: -VIP_MONTH_FEN, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: VIP_MONTH_FEN, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: -VIP_MONTH_FEN, kind: 'membership' },
      { account: PLATFORM_REVENUE, amount_cents: VIP_MONTH_FEN, kind: 'membership' },
    ]);
    expect((await catV.get(`/api/payments/order/${ref}/`)).body).toMatchObject({ status: 'paid' });

    // WeChat Pay repeats a notification it thinks was lost: taken, nothing more happens.
    expect(await standIn.deliver(outTradeNo, notification)).toEqual({ status: 204, body: '' });
    expect((await standIn.notify(outTradeNo)).status).toBe(204);
    expect(await expiryOf(cat.id)).toBe(expiry);
    expect(await ledgerOf(ref)).toHaveLength(4);

    const report = await audit();
    expect(report).toContain('every txn sums to zero');
    expect(report).toContain(`${PLATFORM_CLEARING}\t0.00`);
    expect(await balanceCents(db, PLATFORM_WECHATPAY)).toBe(-VIP_MONTH_FEN);
    expect((await catV.get(`/api/payments/order/${ref}/wechat/native/`)).body).toEqual({ detail: 'Order already paid.' });
  });

  it('refuses a notification with a bad signature, from another key, stale or altered, and changes nothing', async () => {
    const { ref, outTradeNo } = await nativeOrder(danV);
    standIn.pay(outTradeNo);
    const good = standIn.notification(outTradeNo);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const refusals = [
      standIn.notification(outTradeNo, { signWith: other.privateKey }),
      standIn.notification(outTradeNo, { signWith: merchant.privateKey }),
      standIn.notification(outTradeNo, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      { headers: good.headers, body: good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') },
      { headers: { ...good.headers, 'Wechatpay-Serial': 'PUB_KEY_ID_0000000000000000000000000000' }, body: good.body },
      { headers: { ...good.headers, 'Wechatpay-Signature': `WECHATPAY/SIGNTEST/${good.headers['Wechatpay-Signature'] ?? ''}` }, body: good.body },
      { headers: { 'Content-Type': 'application/json' }, body: good.body },
    ];
    for (const notification of refusals) {
      const res = await standIn.deliver(outTradeNo, notification);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'FAIL' });
    }
    // Signed, but its resource does not decrypt with our API v3 key.
    const garbled = JSON.parse(good.body) as { resource: { ciphertext: string } };
    garbled.resource.ciphertext = Buffer.from('not the ciphertext at all, not at all').toString('base64');
    const resigned = standIn.notification(outTradeNo);
    expect((await standIn.deliver(outTradeNo, { headers: resigned.headers, body: JSON.stringify(garbled) })).status).toBe(403);
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    expect(await ledgerOf(ref)).toEqual([]);
    expect((await attempts(ref))[0]?.status).toBe('open');
    // The genuine one still works afterwards.
    expect((await standIn.deliver(outTradeNo, good)).status).toBe(204);
    expect(await orderRow(ref)).toMatchObject({ status: 'paid' });
  });

  /** Paid at WeChat Pay, but only notifications for other amounts arrived: the sweep's query settles it. */
  let misreported = '';

  it('refuses a notification for another amount or currency, and fulfils nothing', async () => {
    const { ref, outTradeNo } = await nativeOrder(danV);
    misreported = ref;
    standIn.pay(outTradeNo);
    const before = await expiryOf((await orderRow(ref)).user_id);
    for (const amount of [
      { total: 1, payer_total: 1, currency: 'CNY' },
      { total: VIP_MONTH_FEN * 100, payer_total: VIP_MONTH_FEN * 100, currency: 'CNY' },
      { total: VIP_MONTH_FEN, payer_total: VIP_MONTH_FEN, currency: 'USD' },
      {},
    ]) {
      const res = await standIn.notify(outTradeNo, { transaction: { amount } });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 'FAIL', message: 'The amount or currency differs from the order.' });
    }
    // Another merchant's or app's transaction, an unknown order: refused too.
    expect((await standIn.notify(outTradeNo, { transaction: { mchid: '1900000999' } })).status).toBe(400);
    expect((await standIn.notify(outTradeNo, { transaction: { appid: 'wxother0000000001' } })).status).toBe(400);
    expect((await standIn.notify(outTradeNo, { transaction: { out_trade_no: 'nosuchorder123' } })).status).toBe(400);
    expect(await orderRow(ref)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await ledgerOf(ref)).toEqual([]);
    expect(await expiryOf((await orderRow(ref)).user_id)).toBe(before);
  });

  it('ten concurrent copies of one notification fulfil the order once', async () => {
    const { ref, outTradeNo } = await nativeOrder(benV);
    standIn.pay(outTradeNo);
    const before = await expiryOf(ben.id);
    const notification = standIn.notification(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => standIn.deliver(outTradeNo, notification)));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(10).fill(204));
    const after = await expiryOf(ben.id);
    expect(after - Math.max(before, clock)).toBeGreaterThan(27 * 24 * 3600_000);
    expect(after - Math.max(before, clock)).toBeLessThan(32 * 24 * 3600_000);
    expect((await ledgerOf(ref)).filter((e) => e.account === PLATFORM_REVENUE)).toEqual([
      { account: PLATFORM_REVENUE, amount_cents: VIP_MONTH_FEN, kind: 'membership' },
    ]);
    expect((await attempts(ref))[0]).toMatchObject({ status: 'paid', transaction_id: standIn.orders.get(outTradeNo)?.transactionId });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('a pending order is reconciled by a query when the client polls it (a lost notification)', async () => {
    const ref = await newOrder(benV);
    expect((await benV.get(`/api/payments/order/${ref}/wechat/?openid=o-ben`)).status).toBe(200);
    const outTradeNo = await outTradeNoOf(ref);
    expect((await benV.get(`/api/payments/order/${ref}/`)).body.status).toBe('pending');
    standIn.pay(outTradeNo);
    clock += 5000;
    const polled = await benV.get(`/api/payments/order/${ref}/`);
    expect(polled.body).toMatchObject({ id: ref, status: 'paid', method: 'wechat' });
    const queries = standIn.requests.filter((r) => r.method === 'GET' && r.url.includes(outTradeNo));
    expect(queries.length).toBe(2);
    expect(queries.every((q) => q.status === 200)).toBe(true);
    // A paid order is not asked about again, and the late notification changes nothing.
    expect((await benV.get(`/api/payments/order/${ref}/`)).body.status).toBe('paid');
    expect(standIn.requests.filter((r) => r.method === 'GET' && r.url.includes(outTradeNo)).length).toBe(2);
    expect((await standIn.notify(outTradeNo)).status).toBe(204);
    expect((await ledgerOf(ref)).filter((e) => e.account === PLATFORM_REVENUE)).toHaveLength(1);
  });

  it('money for an order paid meanwhile, or for a booklet bought meanwhile, is booked and refunded at once, never delivered twice', async () => {
    const author = await createPerson(database, 'ida');
    const chapter = await writeArticle(database, author.id, 'ida-paid', { title: 'Paid words' });
    const booklet = await createBooklet(
      db,
      {
        slug: 'ida-guide',
        ownerId: author.id,
        name: 'Guide',
        priceCents: 990,
        currency: 'CNY',
        items: [{ type: 'article', articleId: chapter, slug: 'paid', salesMode: 'payment_required' }],
      },
      clock,
    );
    await db.transaction().execute((trx) => creditWallet(trx, cat.id, 5000, { from: PLATFORM_ADJUSTMENTS, kind: 'test', ref: 'test', now: clock }));
    const buy = async () => (await catV.post('/api/payments/order/', bookletOrder(booklet, 990))).body.id as string;

    // Paid at WeChat Pay, its notification late, then paid from the wallet: WeChat Pay's money is refunded (docs/decisions/063).
    const [first, second] = [await buy(), await buy()];
    expect((await catV.get(`/api/payments/order/${first}/wechat/native/`)).status).toBe(200);
    expect((await catV.get(`/api/payments/order/${second}/wechat/native/`)).status).toBe(200);
    const firstNo = await outTradeNoOf(first);
    standIn.pay(firstNo);
    expect((await catV.post(`/api/payments/order/${first}/wallet/`, {})).body.status).toBe('paid');
    expect((await standIn.notify(firstNo)).status).toBe(204);
    expect(await orderRow(first)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await balanceCents(db, walletAccount(author.id))).toBe(990);

    // The second order for the same booklet, paid at WeChat Pay: the booklet is bought already.
    const secondNo = await outTradeNoOf(second);
    standIn.pay(secondNo);
    expect((await standIn.notify(secondNo)).status).toBe(204);
    expect(await orderRow(second)).toMatchObject({ status: 'pending' });
    expect((await attempts(second))[0]?.status).toBe('paid');
    expect(await db.selectFrom('booklet_purchases').select('order_ref').where('user_id', '=', cat.id).execute()).toEqual([{ order_ref: first }]);
    expect(await balanceCents(db, walletAccount(author.id))).toBe(990);
    // Both payments are booked into platform:clearing and asked back from WeChat Pay at once.
    expect(await ledgerOf(first)).toContainEqual({ account: PLATFORM_CLEARING, amount_cents: 990, kind: 'wechatpay' });
    expect(await ledgerOf(second)).toEqual([
      { account: PLATFORM_WECHATPAY, amount_cents: -990, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: 990, kind: 'wechatpay' },
    ]);
    expect((await standIn.notify(secondNo)).status).toBe(204);
    expect(await ledgerOf(second)).toHaveLength(2);
    const refunds = await db.selectFrom('trade_refunds').selectAll().where('out_trade_no', 'in', [firstNo, secondNo]).orderBy('id').execute();
    expect(refunds.map((r) => [r.out_trade_no, r.status, Number(r.amount_cents)])).toEqual([
      [firstNo, 'pending', 990],
      [secondNo, 'pending', 990],
    ]);
    expect(await audit()).toContain(`${PLATFORM_CLEARING}\t19.80`);
    // WeChat Pay refunds them and says so: the money leaves clearing, each order as it was.
    for (const refund of refunds) {
      expect(standIn.refunds.get(refund.out_refund_no)).toMatchObject({ outTradeNo: refund.out_trade_no, refund: 990, total: 990 });
      standIn.finishRefund(refund.out_refund_no);
      expect((await standIn.notifyRefund(refund.out_refund_no)).status).toBe(204);
    }
    expect(await ledgerOf(second)).toEqual([
      { account: PLATFORM_WECHATPAY, amount_cents: -990, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: 990, kind: 'wechatpay' },
      { account: PLATFORM_CLEARING, amount_cents: -990, kind: 'wechat_trade_refund' },
      { account: PLATFORM_WECHATPAY, amount_cents: 990, kind: 'wechat_trade_refund' },
    ]);
    expect(await orderRow(first)).toMatchObject({ status: 'paid', method: 'wallet' });
    expect(await audit()).toContain(`${PLATFORM_CLEARING}\t0.00`);
  });

  it('the sweep closes expired unpaid orders at WeChat Pay and here, and settles an expired paid one', async () => {
    const unpaid = await nativeOrder(catV);
    const paidLate = await nativeOrder(danV);
    const fresh = await nativeOrder(benV);
    standIn.pay(paidLate.outTradeNo);
    // Nothing has expired yet.
    expect(await wechatPay.sweep()).toEqual({ paid: 0, closed: 0, failed: 0 });
    clock += WECHATPAY_ORDER_TTL_MS + 60_000;
    const freshRow = (await attempts(fresh.ref))[0];
    await db
      .updateTable('wechatpay_orders')
      .set({ expires_at: clock + 60_000 })
      .where('id', '=', freshRow?.id ?? 0)
      .execute();
    const swept = await wechatPay.sweep();
    // Closed: this test's unpaid order and the earlier tests' (the JSAPI one, the first Native one).
    expect(swept).toEqual({ paid: 2, closed: 3, failed: 0 });
    expect(standIn.orders.get(unpaid.outTradeNo)?.state).toBe('CLOSED');
    expect(
      standIn.requests.some((r) => r.method === 'POST' && r.url === `/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}/close` && r.status === 204),
    ).toBe(true);
    expect(await orderRow(unpaid.ref)).toMatchObject({ status: 'closed' });
    expect((await attempts(unpaid.ref))[0]?.status).toBe('closed');
    expect(await orderRow(paidLate.ref)).toMatchObject({ status: 'paid' });
    expect(await orderRow(misreported)).toMatchObject({ status: 'paid' });
    expect((await ledgerOf(misreported)).filter((e) => e.account === PLATFORM_CLEARING).map((e) => e.amount_cents)).toEqual([VIP_MONTH_FEN, -VIP_MONTH_FEN]);
    expect(standIn.orders.get(paidLate.outTradeNo)?.state).toBe('SUCCESS');
    expect(await orderRow(fresh.ref)).toMatchObject({ status: 'pending' });
    expect(standIn.orders.get(fresh.outTradeNo)?.state).toBe('NOTPAY');
    // A closed order cannot be paid any more, and the next sweep has nothing to do.
    expect((await catV.get(`/api/payments/order/${unpaid.ref}/wechat/native/`)).body).toEqual({ detail: 'Order closed.' });
    expect(await wechatPay.sweep()).toEqual({ paid: 0, closed: 0, failed: 0 });
    expect(await audit()).toContain('every txn sums to zero');
  });

  it('answers garbage sent to the notification URL and the pay calls with 4xx, never 5xx', async () => {
    const { ref, outTradeNo } = await nativeOrder(danV);
    standIn.pay(outTradeNo);
    const good = standIn.notification(outTradeNo);
    const signedBody = (body: string) => ({ ...standIn.notification(outTradeNo), body });
    const bodies: { headers: Record<string, string>; body: string }[] = [
      { headers: {}, body: '' },
      { headers: { 'Content-Type': 'text/plain' }, body: 'garbage' },
      { headers: { 'Content-Type': 'application/json' }, body: '{' },
      { headers: good.headers, body: '' },
      { headers: good.headers, body: 'x'.repeat(70_000) },
      { headers: { ...good.headers, 'Wechatpay-Timestamp': '%ff' }, body: good.body },
      { headers: { ...good.headers, 'Wechatpay-Signature': 'not base64!' }, body: good.body },
      { headers: { ...good.headers, 'Wechatpay-Timestamp': '99999999999999999999' }, body: good.body },
    ];
    // Signed by WeChat Pay's key, but not a notification (a leaked key is the only way to get here; still no 5xx).
    for (const body of [
      '{',
      '[]',
      'null',
      '{"id":1}',
      '{"id":"x","event_type":"TRANSACTION.SUCCESS","resource":{"algorithm":"AEAD_AES_256_GCM","ciphertext":"%%","nonce":"n"}}',
    ]) {
      const signed = signedBody(body);
      const headers = { ...signed.headers };
      const nonce = headers['Wechatpay-Nonce'] ?? '';
      const timestamp = headers['Wechatpay-Timestamp'] ?? '';
      headers['Wechatpay-Signature'] = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), platform.privateKey).toString('base64');
      bodies.push({ headers, body });
    }
    for (const { headers, body } of bodies) {
      const res = await fetch(`${origin}${WECHATPAY_NOTIFY_PATH}`, { method: 'POST', headers, body });
      expect(res.status, `${JSON.stringify(headers).slice(0, 80)} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'pending' });
    for (const path of [
      `/api/payments/order/${ref}/wechat/?openid=${'o'.repeat(200)}`,
      `/api/payments/order/${ref}/wechat/?openid=%00`,
      `/api/payments/order/${ref}/wechat/?openid=a&openid=b`,
      `/api/payments/order/%ff/wechat/native/`,
      `/api/payments/order/${'x'.repeat(100)}/wechat/native/`,
      `/api/payments/order/${ref}/wechat/native/?x=%00`,
    ]) {
      const res = await danV.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await standIn.deliver(outTradeNo, good)).status).toBe(204);
  });

  it('a wrong merchant key: WeChat Pay answers 401 SIGN_ERROR, the API a clear 502, and nothing is stored', async () => {
    const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await payApp({ ...payConfig, privateKeyPem: pem(wrong.privateKey, 'pkcs8') });
    await createPerson(other.database, 'eve');
    const eve = new Visitor(other.app);
    await eve.signIn('eve@example.com', PASSWORD);
    const ref = await newOrder(eve);
    const seen = standIn.requests.length;
    const res = await eve.get(`/api/payments/order/${ref}/wechat/native/`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ detail: 'WeChat Pay refused this payment. Please try again later or choose another method.' });
    expect(standIn.requests.slice(seen).map((r) => r.status)).toEqual([401]);
    expect(await other.database.db.selectFrom('wechatpay_orders').selectAll().execute()).toEqual([]);
    expect(await other.database.db.selectFrom('orders').select(['status', 'method']).where('ref', '=', ref).executeTakeFirstOrThrow()).toEqual({
      status: 'created',
      method: null,
    });
  });

  it('an answer not signed by WeChat Pay’s key is not believed', async () => {
    const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await payApp({ ...payConfig, platformPublicKeyPem: pem(impostor.publicKey, 'spki') });
    await createPerson(other.database, 'fay');
    const fay = new Visitor(other.app);
    await fay.signIn('fay@example.com', PASSWORD);
    const ref = await newOrder(fay);
    const res = await fay.get(`/api/payments/order/${ref}/wechat/native/`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ detail: 'WeChat Pay did not answer. Please try again later.' });
    expect(await other.database.db.selectFrom('wechatpay_orders').selectAll().execute()).toEqual([]);
  });

  it('the payer reads what was bought in the language the order was placed in, never the product key', async () => {
    const descriptionOf = async (language: string) => {
      const ref = await newOrder(catV);
      expect((await catV.get(`/api/payments/order/${ref}/wechat/native/?__lang=${language}`)).status).toBe(200);
      return standIn.orders.get(await outTradeNoOf(ref))?.description;
    };
    expect(await descriptionOf('en')).toBe('Zine – VIP, one month');
    expect(await descriptionOf('zh-CN')).toBe('Zine – VIP 会员（一个月）');
    expect(await descriptionOf('zh-TW')).toBe('Zine – VIP 會員（一個月）');
  });

  it("after the whole suite, the provider's bill and the books agree (decision 070)", async () => {
    const result = await reconcileToday({ db, wechatPay });
    expect(result.out).toContain('summary: clean');
    expect(result.code).toBe(0);
  });
});

describe('WeChat Pay without the stand-in listening', async () => {
  it('answers 502 when WeChat Pay does not answer at all', async () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const config: WechatPayConfig = {
      mchid: MCHID,
      appId: MP.appId,
      serialNo: MERCHANT_SERIAL,
      privateKeyPem: pem(keys.privateKey, 'pkcs8'),
      platformPublicKeyPem: pem(keys.publicKey, 'spki'),
      platformSerial: PLATFORM_SERIAL,
      apiV3Key: API_V3_KEY,
      notifyOrigin: 'https://zine.test',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1000,
    };
    const { app, database } = await testApp({ config: { publicOrigin: 'https://zine.test', paymentsSandbox: false, wechatPay: config } });
    await createPerson(database, 'gus');
    const gus = new Visitor(app);
    await gus.signIn('gus@example.com', PASSWORD);
    const ref = (await gus.post('/api/payments/order/', membershipOrder(VIP_MONTH))).body.id as string;
    const res = await gus.get(`/api/payments/order/${ref}/wechat/native/`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ detail: 'WeChat Pay did not answer. Please try again later.' });
  });
});
