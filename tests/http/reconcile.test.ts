import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { walletCommands } from '../../server/admin/walletCommands';
import { UserDirectory } from '../../server/accounts/users';
import type { AlipayConfig, Config, WechatPayConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { Alipay } from '../../server/payments/alipay/alipay';
import { addChinaDays, chinaDateOf } from '../../server/payments/reconcile/chinaDay';
import { WechatPay } from '../../server/payments/wechatpay/wechatPay';
import type { CreateOrderRequest } from '../../shared/payments';
import { startAlipayStandIn } from '../support/alipayStandIn';
import { membershipOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { startWechatPayStandIn } from '../support/wechatPayStandIn';

// Reconciliation (docs/decisions/070): `npm run admin -- reconcile` against the WeChat Pay and
// Alipay stand-ins' bills, which they write from their own record of trades and refunds; and the
// WeChat Pay sweep's query of a refund whose notification never came. Both engines.

const MCHID = '1900000109';
const WX_APP = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const ALIPAY_APP = '2021000000000001';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const VIP_MONTH = 'vip_monthly_manual';
/** Its price. */
const PRICE = '78.00';
const DAY = 24 * 3600_000;

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('reconciliation (decision 070)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // The providers' clocks for which bills are made: two days on, today's bills exist.
  let billsLater = 2 * DAY;
  const billClock = () => Date.now() + billsLater;
  const wx = await startWechatPayStandIn({
    mchid: MCHID,
    appId: WX_APP,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    billClock,
  });
  const ali = await startAlipayStandIn({ appId: ALIPAY_APP, appPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey, billClock });

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

  // The operator reconciles today's trades two days on, when the bills are made.
  const day = chinaDateOf(Date.now());
  const later = () => Date.now() + 2 * DAY;
  const adminAt = (clock: () => number, argv: string[]) =>
    runAdminCommand(argv, { users: new UserDirectory(db, clock), db, now: clock, logger, wechatPay, alipay });
  const admin = (...argv: string[]) => adminAt(now, argv);
  const reconcile = (date = day) => adminAt(later, ['reconcile', '--date', date]);
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  const orderRow = (ref: string) => db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const refundOf = (ref: string) =>
    db.selectFrom('refunds').innerJoin('orders', 'orders.id', 'refunds.order_id').selectAll('refunds').where('orders.ref', '=', ref).executeTakeFirstOrThrow();
  const ledgerOf = (ref: string) => db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', ref).orderBy('id').execute();

  let people = 0;
  const buyer = async () => {
    const name = `rec${(people += 1)}`;
    await createPerson(database, name);
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const newOrder = async (visitor: Visitor, body: CreateOrderRequest = membershipOrder(VIP_MONTH)) => {
    const res = await visitor.post('/api/payments/order/', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** A WeChat Pay Native order placed for the order: its out_trade_no. */
  const wechatTrade = async (visitor: Visitor, ref: string) => {
    expect((await visitor.get(`/api/payments/order/${ref}/wechat/native/`)).status).toBe(200);
    const row = await db
      .selectFrom('wechatpay_orders')
      .innerJoin('orders', 'orders.id', 'wechatpay_orders.order_id')
      .select('out_trade_no')
      .where('orders.ref', '=', ref)
      .orderBy('wechatpay_orders.id', 'desc')
      .executeTakeFirstOrThrow();
    return row.out_trade_no;
  };
  /** An Alipay page-pay trade opened for the order: its out_trade_no. */
  const alipayTrade = async (visitor: Visitor, ref: string) => {
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
      .orderBy('alipay_orders.id', 'desc')
      .executeTakeFirstOrThrow();
    return row.out_trade_no;
  };
  const paidWithWechat = async (visitor: Visitor) => {
    const ref = await newOrder(visitor);
    const outTradeNo = await wechatTrade(visitor, ref);
    wx.pay(outTradeNo);
    expect((await wx.notify(outTradeNo)).status).toBe(204);
    expect((await orderRow(ref)).status).toBe('paid');
    return { ref, outTradeNo };
  };
  const paidWithAlipay = async (visitor: Visitor) => {
    const ref = await newOrder(visitor);
    const outTradeNo = await alipayTrade(visitor, ref);
    ali.pay(outTradeNo);
    expect((await ali.notify(outTradeNo)).body).toBe('success');
    expect((await orderRow(ref)).status).toBe('paid');
    return { ref, outTradeNo };
  };

  const clean = async () => {
    const result = await reconcile();
    expect(result.out).toContain('summary: clean');
    expect(result.code).toBe(0);
    expect(await audit()).toContain('every txn sums to zero');
    return result.out;
  };

  let wechatPaid: { ref: string; outTradeNo: string };
  let alipayPaid: { ref: string; outTradeNo: string };

  it('after payments, refunds and a payment refunded automatically through both providers, reconcile and ledger-audit are clean', async () => {
    wechatPaid = await paidWithWechat(await buyer());
    alipayPaid = await paidWithAlipay(await buyer());

    // Refunded through WeChat Pay: done there, its notification delivered.
    const refundedWx = await paidWithWechat(await buyer());
    expect((await admin('refund', refundedWx.ref)).out).toContain('is pending');
    const outRefundNo = (await refundOf(refundedWx.ref)).out_refund_no;
    wx.finishRefund(outRefundNo);
    expect((await wx.notifyRefund(outRefundNo)).status).toBe(204);
    expect((await orderRow(refundedWx.ref)).status).toBe('refunded');

    // Refunded through Alipay, at once.
    const refundedAli = await paidWithAlipay(await buyer());
    expect((await admin('refund', refundedAli.ref)).out).toContain('succeeded');

    // Paid with both: the second payment is refunded automatically (docs/decisions/063).
    const both = await buyer();
    const ref = await newOrder(both);
    const wxNo = await wechatTrade(both, ref);
    const aliNo = await alipayTrade(both, ref);
    wx.pay(wxNo);
    ali.pay(aliNo);
    expect((await wx.notify(wxNo)).status).toBe(204);
    expect((await ali.notify(aliNo)).body).toBe('success');
    expect(await db.selectFrom('trade_refunds').select(['provider', 'status']).execute()).toEqual([{ provider: 'alipay', status: 'succeeded' }]);

    const out = await clean();
    expect(out).toContain(`reconcile ${day}`);
    expect(out).toMatch(/WeChat Pay: 3 payment\(s\) 234\.00, 1 refund\(s\) 78\.00, fees 0\.93600/);
    expect(out).toMatch(/fund flow: 4 entries, in 234\.00, out 78\.00/);
    expect(out).toMatch(/Alipay: 3 payment\(s\) 234\.00, 2 refund\(s\) 156\.00/);
    expect(out.match(/no differences/g)).toHaveLength(2);
    // The download URL was asked with a signed request, as WeChat Pay wants it.
    expect(wx.requests.filter((r) => r.url.startsWith('/v3/billdownload/file')).every((r) => r.status === 200)).toBe(true);
  });

  it('a payment the product missed (paid at WeChat Pay, its notification never delivered) is reported until it is booked', async () => {
    const visitor = await buyer();
    const ref = await newOrder(visitor);
    const outTradeNo = await wechatTrade(visitor, ref);
    wx.pay(outTradeNo);

    const result = await reconcile();
    expect(result.code).toBe(1);
    expect(result.out).toContain(`- payment_missed [order ${ref}]: paid ${PRICE} at WeChat Pay (${outTradeNo}`);
    expect(result.out).toContain('the trade is open here, its money never booked');
    expect(result.out).toContain('summary: 1 difference(s)');

    expect((await wx.notify(outTradeNo)).status).toBe(204);
    await clean();
  });

  it('a trade booked with another amount than the provider took is reported, in the ledger and in the trade', async () => {
    const booking = await db
      .selectFrom('ledger_entries')
      .select(['txn_id', 'account', 'amount_cents'])
      .where('ref', '=', wechatPaid.ref)
      .where('kind', '=', 'wechatpay')
      .where('account', '=', 'platform:clearing')
      .executeTakeFirstOrThrow();
    // The booking's two rows changed together: the ledger still balances, it is just wrong.
    const setBooked = (cents: number) =>
      Promise.all([
        db.updateTable('ledger_entries').set({ amount_cents: cents }).where('txn_id', '=', booking.txn_id).where('account', '=', 'platform:clearing').execute(),
        db
          .updateTable('ledger_entries')
          .set({ amount_cents: -cents })
          .where('txn_id', '=', booking.txn_id)
          .where('account', '=', 'platform:wechatpay')
          .execute(),
      ]);
    await setBooked(900);
    await db.updateTable('alipay_orders').set({ amount_cents: 1000 }).where('out_trade_no', '=', alipayPaid.outTradeNo).execute();

    const result = await reconcile();
    expect(result.code).toBe(1);
    expect(await audit()).toContain('every txn sums to zero');
    expect(result.out).toContain(
      `- ledger [order ${wechatPaid.ref}]: the ledger booked 1 × (9.00) from WeChat Pay for order ${wechatPaid.ref}; its paid trades are 1 × (${PRICE})`,
    );
    expect(result.out).toContain(`- payment_amount [order ${alipayPaid.ref}]: paid ${PRICE} at Alipay (${alipayPaid.outTradeNo}`);
    expect(result.out).toContain('the trade here is 10.00');

    await setBooked(Number(booking.amount_cents));
    await db.updateTable('alipay_orders').set({ amount_cents: 7800 }).where('out_trade_no', '=', alipayPaid.outTradeNo).execute();
    await clean();
  });

  it('a payment booked twice is reported', async () => {
    const rows = await db.selectFrom('ledger_entries').selectAll().where('ref', '=', alipayPaid.ref).where('kind', '=', 'alipay').execute();
    const txn = 'reconcile-test-double';
    await db
      .insertInto('ledger_entries')
      .values(
        rows.map((r) => ({
          txn_id: txn,
          account: r.account,
          amount_cents: Number(r.amount_cents),
          kind: r.kind,
          ref: r.ref,
          created_at: Number(r.created_at),
        })),
      )
      .execute();
    const result = await reconcile();
    expect(result.code).toBe(1);
    expect(result.out).toContain(`the ledger booked 2 × (${PRICE}, ${PRICE}) from Alipay for order ${alipayPaid.ref}; its paid trades are 1 × (${PRICE})`);
    await db.deleteFrom('ledger_entries').where('txn_id', '=', txn).execute();
    await clean();
  });

  it('a refund done at WeChat Pay whose notification never came: reported, then completed by the sweep querying it; the late notification changes nothing', async () => {
    const { ref } = await paidWithWechat(await buyer());
    expect((await admin('refund', ref)).out).toContain('is pending');
    const refund = await refundOf(ref);
    wx.finishRefund(refund.out_refund_no);

    const missed = await reconcile();
    expect(missed.code).toBe(1);
    expect(missed.out).toContain(`- refund_missed [order ${ref}]: refunded ${PRICE} at WeChat Pay (${refund.out_refund_no}`);
    expect(missed.out).toContain('the refund is pending here, not booked');

    // Not late yet: the sweep leaves it to the notification.
    await wechatPay.sweep();
    expect((await refundOf(ref)).status).toBe('pending');
    // Asked 11 minutes ago: the sweep queries WeChat Pay and completes it as the notification would.
    await db
      .updateTable('refunds')
      .set({ created_at: Date.now() - 11 * 60_000 })
      .where('id', '=', refund.id)
      .execute();
    await wechatPay.sweep();
    expect(wx.requests.some((r) => r.method === 'GET' && r.url === `/v3/refund/domestic/refunds/${refund.out_refund_no}` && r.status === 200)).toBe(true);
    expect(await refundOf(ref)).toMatchObject({ status: 'succeeded', provider_refund_id: wx.refunds.get(refund.out_refund_no)?.refundId });
    expect((await orderRow(ref)).status).toBe('refunded');
    const ledger = await ledgerOf(ref);
    expect(ledger).toContainEqual({ account: 'platform:wechatpay', amount_cents: 7800, kind: 'wechat_refund' });

    expect((await wx.notifyRefund(refund.out_refund_no)).status).toBe(204);
    expect(await ledgerOf(ref)).toEqual(ledger);
    await clean();
  });

  it("an Alipay refund whose answer was lost: pending here, reported, then done by Alipay's sweep asking refund.query", async () => {
    const { ref } = await paidWithAlipay(await buyer());
    ali.loseRefundAnswers(1);
    expect((await admin('refund', ref)).out).toContain('is pending');
    const refund = await refundOf(ref);
    expect((await reconcile()).out).toContain(`- refund_missed [order ${ref}]: refunded ${PRICE} at Alipay (${refund.out_refund_no}`);

    await db
      .updateTable('refunds')
      .set({ created_at: Date.now() - 11 * 60_000 })
      .where('id', '=', refund.id)
      .execute();
    await alipay.sweep();
    expect((await refundOf(ref)).status).toBe('succeeded');
    expect((await orderRow(ref)).status).toBe('refunded');
    expect(await ledgerOf(ref)).toContainEqual({ account: 'platform:alipay', amount_cents: 7800, kind: 'alipay_refund' });
    await clean();
  });

  it('a refund booked here that is not in the bill is reported', async () => {
    const { ref } = await paidWithAlipay(await buyer());
    expect((await admin('refund', ref)).out).toContain('succeeded');
    const refund = await refundOf(ref);
    const key = [...ali.refunds.keys()].find((k) => k.endsWith(`|${refund.out_refund_no}`)) ?? '';
    const kept = ali.refunds.get(key);
    ali.refunds.delete(key);
    const result = await reconcile();
    expect(result.code).toBe(1);
    expect(result.out).toContain(`- refund_not_in_bill [order ${ref}]: refunded ${PRICE} here (${refund.out_refund_no}): not in Alipay's bill`);
    if (kept) ali.refunds.set(key, kept);
    await clean();
  });

  it("a WeChat Pay bill that does not match its SHA1 is refused; Alipay's is still checked", async () => {
    wx.corruptBillDownloads(true);
    const result = await reconcile();
    wx.corruptBillDownloads(false);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`WeChat Pay: not checked: WeChat Pay's bill of ${day} does not match its SHA1`);
    expect(result.out).toMatch(/Alipay: \d+ payment\(s\)/);
    expect(result.out).toContain('summary: 0 difference(s), 1 provider(s) not checked');
    await clean();
  });

  it('a bill not made yet says so; a day without trades has no bill and is clean', async () => {
    billsLater = 0;
    const early = await reconcile();
    billsLater = 2 * DAY;
    expect(early.code).toBe(1);
    expect(early.out).toContain(`WeChat Pay: not checked: WeChat Pay's bill of ${day} is not made yet`);

    const quiet = await reconcile(addChinaDays(day, -1));
    expect(quiet.code).toBe(0);
    expect(quiet.out).toContain('WeChat Pay: no bill (no trade there that day)');
    expect(quiet.out).toContain('Alipay: no bill (no trade there that day)');
  });

  it('--date defaults to yesterday in China; today, the future and non-dates are refused', async () => {
    const byDefault = await adminAt(later, ['reconcile']);
    expect(byDefault.out).toContain(`reconcile ${addChinaDays(day, 1)}`);
    expect(await admin('reconcile', '--date', '2026-02-30')).toEqual({ code: 1, out: expect.stringContaining('--date takes a day as YYYY-MM-DD') });
    expect(await admin('reconcile', '--date', day)).toEqual({ code: 1, out: expect.stringContaining('are not made yet') });
    expect(await admin('reconcile', '--date', addChinaDays(day, 2))).toEqual({ code: 1, out: expect.stringContaining('are not made yet') });
    expect((await admin('reconcile', '--day', day)).code).toBe(2);
  });

  it('a wrong merchant key gets no bill', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = new WechatPay({ db, config: { ...wechatPayConfig, privateKeyPem: pem(stranger.privateKey, 'pkcs8') }, now, logger, siteName: 'Zine' });
    const result = await runAdminCommand(['reconcile', '--date', day], { users: new UserDirectory(db, later), db, now: later, logger, wechatPay: wrong });
    await wrong.stopSweep();
    expect(result.code).toBe(1);
    expect(result.out).toContain('WeChat Pay: not checked: WeChat Pay answered GET /v3/bill/tradebill with 401 SIGN_ERROR');
  });
});
