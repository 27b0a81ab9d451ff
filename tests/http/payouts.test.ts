import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { walletCommands } from '../../server/admin/walletCommands';
import { UserDirectory } from '../../server/accounts/users';
import type { Config, WechatPayConfig } from '../../server/config';
import type { Database } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import { balanceCents, creditWallet, PLATFORM_ADJUSTMENTS, PLATFORM_CLEARING, PLATFORM_WECHATPAY, walletAccount } from '../../server/payments/ledger';
import { WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { startWechatPayStandIn, type WechatPayStandIn } from '../support/wechatPayStandIn';

// Payouts: a withdrawal is paid to the WeChat balance through WeChat Pay's transfer bills
// (POST /v3/fund-app/mch-transfer/transfer-bills, docs/decisions/064), which the payee confirms in
// WeChat, or with WECHATPAY_TRANSFER_API=batches through its transfer batches (POST
// /v3/transfer/batches, docs/decisions/050), followed until paid, failed or cancelled, against the stand-in.

const MCHID = '1900000109';
const WX_APP = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';
const WITHDRAW = '/api/payments/wallet/withdraw/wechat/';
/** Past every claim (timeout 3 s + 5 s): the next send or query may start. */
const LATER_MS = 10_000;

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });

function configFor(standIn: WechatPayStandIn, privateKey: KeyObject, notifyOrigin: string, transferApi: 'bills' | 'batches'): WechatPayConfig {
  return {
    transferApi,
    mchid: MCHID,
    appId: WX_APP,
    serialNo: MERCHANT_SERIAL,
    privateKeyPem: pem(privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
    notifyOrigin,
    baseUrl: standIn.origin,
    timeoutMs: 3000,
  };
}

/**
 * The app with WeChat Pay over the stand-in, signing with `privateKey`, paying withdrawals through
 * `transferApi`; it listens for real, so the stand-in posts transfer notifications to it. `later()`
 * moves its clock past a claim.
 */
async function payoutsApp(standIn: WechatPayStandIn, options: { privateKey?: KeyObject; transferApi?: 'bills' | 'batches' } = {}) {
  let shift = 0;
  const now = () => Date.now() + shift;
  const logger = createLogger({ logLevel: 'silent' });
  const database = await testDatabase();
  const { db } = database;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const wechatPayConfig = configFor(standIn, options.privateKey ?? merchant.privateKey, origin, options.transferApi ?? 'bills');
  const wechatPay = new WechatPay({ db, config: wechatPayConfig, now, logger, siteName: 'Zine' });
  const config: Partial<Config> = { paymentsSandbox: false, wechatPay: wechatPayConfig };
  const { app } = await testApp({ config, deps: { database, wechatPay, now } });
  server.on('request', app);
  await wechatPay.stopSweep();
  const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(db, now), db, now, logger, wechatPay });
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  const later = () => {
    shift += LATER_MS;
  };
  return { app, database, db, wechatPay, admin, audit, later, now };
}

let people = 0;
/** A signed-in author with `cents` in the wallet and a linked official-account open id the stand-in knows. */
type Site = Awaited<ReturnType<typeof payoutsApp>>;

async function author(app: Site, standIn: WechatPayStandIn, cents: number) {
  people += 1;
  const name = `author${people}`;
  const user = await createPerson(app.database, name);
  const openid = `o${name}OpenId0000000000000`;
  await app.db.insertInto('wechat_identities').values({ user_id: user.id, app: 'mp', openid, unionid: null, created_at: Date.now() }).execute();
  standIn.openids.add(openid);
  if (cents > 0) await credit(app.database, user.id, cents);
  const visitor = new Visitor(app.app);
  expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
  const withdraw = (amount: unknown, overrides: Record<string, unknown> = {}) =>
    visitor.post(WITHDRAW, { amount, app_id: WX_APP, open_id: openid, currency_code: 'CNY', ...overrides });
  const balance = async () => (await visitor.get('/api/payments/wallet/balance/')).body.net_amount as string;
  return { user, openid, visitor, withdraw, balance };
}

async function credit(database: Database, userId: number, cents: number): Promise<void> {
  await database.db
    .transaction()
    .execute((trx) => creditWallet(trx, userId, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: 'Test credit', now: Date.now() }));
}

const detailNoOf = async (db: Site['db'], id: number) =>
  (await db.selectFrom('withdrawals').select('out_detail_no').where('id', '=', id).executeTakeFirstOrThrow()).out_detail_no ?? '';

/** WeChat Pay's stand-in for this merchant: it checks requests against the merchant's real public key. */
function standInWechatPay(): Promise<WechatPayStandIn> {
  return startWechatPayStandIn({
    mchid: MCHID,
    appId: WX_APP,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_SERIAL,
    apiV3Key: API_V3_KEY,
  });
}

describe('payouts through WeChat Pay transfer batches, WECHATPAY_TRANSFER_API=batches (decision 050)', async () => {
  const standIn = await standInWechatPay();
  afterAll(() => standIn.close());
  const site = await payoutsApp(standIn, { transferApi: 'batches' });

  it('sends the transfer at once, follows it to paid, and books it out of clearing', async () => {
    const ann = await author(site, standIn, 50_00);
    const res = await ann.withdraw('12.34');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '12.34', currency: 'CNY', status: 'processing' });
    expect(res.body.note).toMatch(/Accepted by WeChat Pay/);
    expect(await ann.balance()).toBe('37.66');

    const row = await site.db.selectFrom('withdrawals').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.out_batch_no).toMatch(/^[A-Za-z0-9]{1,32}$/);
    const batch = standIn.transfers.get(row.out_batch_no ?? '');
    expect(batch).toMatchObject({ appid: WX_APP, totalAmount: 1234, sent: 1 });
    expect(batch?.details).toEqual([expect.objectContaining({ outDetailNo: row.out_detail_no, amount: 1234, openid: ann.openid, status: 'PROCESSING' })]);
    expect(row.batch_id).toBe(batch?.batchId);

    // Still on its way: the sweep asks and leaves it processing.
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ paid: 0, failed: 0, open: 1, errors: 0 });
    standIn.finishTransfer(row.out_detail_no ?? '', 'SUCCESS');
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ paid: 1, failed: 0, errors: 0 });

    const listed = await ann.visitor.get('/api/payments/wallet/withdrawals/');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: res.body.id, status: 'paid', amount: '12.34', note: 'Paid to the WeChat balance.' }] });
    expect(await ann.balance()).toBe('37.66');
    const page = await ann.visitor.get('/profile/wallet/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="wallet-withdrawals"');
    expect(page.text).toMatch(/data-status="paid"><span>Paid to your WeChat balance<\/span>/);
    // platform:wechatpay counts minus what WeChat Pay holds for us: a payout out of the merchant balance raises it.
    expect(await balanceCents(site.db, PLATFORM_WECHATPAY)).toBe(1234);
    expect(await balanceCents(site.db, PLATFORM_CLEARING)).toBe(0);
    expect(standIn.transferredFen()).toBe(1234);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
    // Nothing left to do: a later sweep does not ask again.
    site.later();
    const asked = standIn.requests.length;
    expect(await site.wechatPay.payouts.sweep()).toEqual({ paid: 0, failed: 0, cancelled: 0, open: 0, errors: 0 });
    expect(standIn.requests.length).toBe(asked);
  });

  it('gives the money back in one exact reversal when the transfer fails', async () => {
    const bob = await author(site, standIn, 20_00);
    const clearingBefore = await balanceCents(site.db, PLATFORM_CLEARING);
    const res = await bob.withdraw(5);
    expect(res.body.status).toBe('processing');
    expect(await bob.balance()).toBe('15.00');
    standIn.finishTransfer(await detailNoOf(site.db, res.body.id), 'FAIL', 'ACCOUNT_FROZEN');
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ failed: 1, errors: 0 });

    expect(await bob.balance()).toBe('20.00');
    const listed = (await bob.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0];
    expect(listed).toMatchObject({ id: res.body.id, status: 'failed' });
    expect(listed.note).toMatch(/ACCOUNT_FROZEN.*back in the wallet/);
    const txns = (await bob.visitor.get('/api/payments/wallet/transactions/')).body.results;
    expect(txns[0]).toMatchObject({ kind: 'withdrawal_refund', direction: 'in', amount: '5.00' });
    const ledger = await site.db
      .selectFrom('ledger_entries')
      .select(['account', 'amount_cents', 'kind', 'txn_id'])
      .where('ref', '=', `withdrawal:${res.body.id}`)
      .orderBy('id')
      .execute();
    expect(ledger.map((e) => [e.account, Number(e.amount_cents), e.kind])).toEqual([
      [walletAccount(bob.user.id), -500, 'withdrawal'],
      [PLATFORM_CLEARING, 500, 'withdrawal'],
      [PLATFORM_CLEARING, -500, 'withdrawal_refund'],
      [walletAccount(bob.user.id), 500, 'withdrawal_refund'],
    ]);
    expect(new Set(ledger.slice(2).map((e) => e.txn_id)).size).toBe(1);
    expect(await balanceCents(site.db, PLATFORM_CLEARING)).toBe(clearingBefore);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
    // Failed is final: a retry refuses, and nothing is sent.
    const asked = standIn.requests.length;
    expect((await site.admin('retry-withdrawal', String(res.body.id))).code).toBe(1);
    expect(standIn.requests.length).toBe(asked);
  });

  it('asks before sending again: a transfer whose answer was lost is followed, never paid twice', async () => {
    const cai = await author(site, standIn, 30_00);
    standIn.loseTransferAnswers(1);
    const res = await cai.withdraw('7.50');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    expect(res.body.note).toMatch(/Not yet accepted by WeChat Pay \(SYSTEM_ERROR\)/);
    const row = await site.db.selectFrom('withdrawals').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    const batch = standIn.transfers.get(row.out_batch_no ?? '');
    expect(batch?.sent).toBe(1);

    // Too soon: the send still holds it.
    expect(await site.admin('retry-withdrawal', String(res.body.id))).toMatchObject({ code: 1, out: expect.stringMatching(/right now/) });
    site.later();
    const retried = await site.admin('retry-withdrawal', String(res.body.id));
    expect(retried).toMatchObject({ code: 0, out: expect.stringMatching(/is processing/) });
    expect(batch?.sent).toBe(1);
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ open: 1, errors: 0 });
    expect(batch?.sent).toBe(1);

    standIn.finishTransfer(row.out_detail_no ?? '', 'SUCCESS');
    site.later();
    expect((await site.admin('retry-withdrawal', String(res.body.id))).out).toMatch(/is paid/);
    expect((await site.admin('retry-withdrawal', String(res.body.id))).code).toBe(1);
    expect(batch?.sent).toBe(1);
    expect(batch?.details.filter((d) => d.status === 'SUCCESS')).toHaveLength(1);
    expect(await cai.balance()).toBe('22.50');
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('sends again, with the same numbers, a withdrawal WeChat Pay never took', async () => {
    const dan = await author(site, standIn, 10_00);
    standIn.refuseTransfers({ status: 503, code: 'SYSTEM_ERROR', message: 'busy' });
    const res = await dan.withdraw(3);
    standIn.refuseTransfers(null);
    expect(res.body.status).toBe('pending');
    const row = await site.db.selectFrom('withdrawals').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(standIn.transfers.has(row.out_batch_no ?? '')).toBe(false);

    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ open: 1, errors: 0 });
    const after = await site.db.selectFrom('withdrawals').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'processing', out_batch_no: row.out_batch_no, attempts: 2 });
    expect(standIn.transfers.get(row.out_batch_no ?? '')?.sent).toBe(1);

    // Operators see it with its state and note.
    const listed = await site.admin('list-withdrawals', '--status', 'processing');
    expect(listed.out).toMatch(new RegExp(`^${res.body.id}\t${dan.user.email}\t3.00\tprocessing\t${WX_APP}\t${dan.openid}\t.+\tAccepted by WeChat Pay`, 'm'));
    // A transfer sent to WeChat Pay is not settled by hand without --force.
    expect((await site.admin('settle-withdrawal', String(res.body.id), 'failed')).code).toBe(1);
    expect(await dan.balance()).toBe('7.00');
    // After checking the merchant platform, an operator may.
    expect((await site.admin('settle-withdrawal', String(res.body.id), 'failed', '--force')).code).toBe(0);
    expect(await dan.balance()).toBe('10.00');
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('cannot be overdrawn by concurrent withdrawals', async () => {
    const eve = await author(site, standIn, 100_00);
    const before = standIn.transfers.size;
    const send = () =>
      eve.visitor.agent
        .post(WITHDRAW)
        .set('X-CSRFToken', eve.visitor.csrf)
        .send({ amount: '10.00', app_id: WX_APP, open_id: eve.openid, currency_code: 'CNY' });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    const accepted = answers.filter((r) => r.status === 201);
    expect(answers.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    expect(accepted).toHaveLength(10);
    expect(accepted.every((r) => r.body.status === 'processing')).toBe(true);
    expect(await eve.balance()).toBe('0.00');
    expect(standIn.transfers.size - before).toBe(10);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  }, 60_000);

  it('refuses bad input with 4xx and changes nothing', async () => {
    const fay = await author(site, standIn, 5000_00);
    const gus = await author(site, standIn, 0);
    const rows = async () => (await site.db.selectFrom('withdrawals').select('id').execute()).length;
    const before = { rows: await rows(), asked: standIn.requests.length };
    const bad: [unknown, Record<string, unknown>][] = [
      ['1.00', { open_id: gus.openid }],
      ['2000.00', {}],
      ['99999999999', {}],
      ['1e3', {}],
      [{ yuan: 1 }, {}],
      ['-1', {}],
      ['1.00', { app_id: 5 }],
      ['1.00', { open_id: null }],
      ['1.00', { app_id: 'wxsomebodyelse' }],
      ['1.00', { currency_code: 'USD' }],
    ];
    for (const [amount, overrides] of bad) {
      const res = await fay.withdraw(amount, overrides);
      expect(res.status, JSON.stringify([amount, overrides])).toBe(400);
    }
    expect(await fay.balance()).toBe('5000.00');
    expect(await rows()).toBe(before.rows);
    expect(standIn.requests.length).toBe(before.asked);
    expect((await new Visitor(site.app).get('/api/payments/wallet/withdrawals/')).status).toBeGreaterThanOrEqual(401);
    expect((await fay.visitor.get('/api/payments/wallet/withdrawals/?page_size=abc')).status).toBe(400);
  });
});

const billNoOf = async (db: Site['db'], id: number) =>
  (await db.selectFrom('withdrawals').select('out_batch_no').where('id', '=', id).executeTakeFirstOrThrow()).out_batch_no ?? '';

/** The ledger lines of a withdrawal, as [account, cents, kind]. */
const ledgerOf = async (db: Site['db'], id: number) =>
  (await db.selectFrom('ledger_entries').select(['account', 'amount_cents', 'kind']).where('ref', '=', `withdrawal:${id}`).orderBy('id').execute()).map((e) => [
    e.account,
    Number(e.amount_cents),
    e.kind,
  ]);

describe('payouts through WeChat Pay transfer bills, confirmed by the payee (decision 064)', async () => {
  const standIn = await standInWechatPay();
  afterAll(() => standIn.close());
  const site = await payoutsApp(standIn);

  it('sends a transfer bill, waits for the payee to confirm it in WeChat, and books it paid once on the notification', async () => {
    const ann = await author(site, standIn, 50_00);
    const res = await ann.withdraw('12.34');
    expect(res.status).toBe(201);
    const billNo = await billNoOf(site.db, res.body.id);
    const bill = standIn.bills.get(billNo);
    expect(bill).toMatchObject({ appid: WX_APP, amount: 1234, openid: ann.openid, state: 'WAIT_USER_CONFIRM', sent: 1 });
    expect(JSON.parse(bill?.sentWith ?? '{}')).toMatchObject({
      transfer_scene_id: '1005',
      user_recv_perception: '劳务报酬',
      notify_url: expect.stringMatching(/\/api\/payments\/callback\/wechatpay\/transfer\/$/),
    });
    expect(res.body).toMatchObject({ amount: '12.34', status: 'awaiting_payee', confirm: { mch_id: MCHID, app_id: WX_APP, package: bill?.packageInfo } });
    expect(res.body.note).toMatch(/confirm the receipt in WeChat/);
    expect(await ann.balance()).toBe('37.66');

    // Outside WeChat the wallet says where to confirm; the list carries what the confirmation takes.
    const listed = await ann.visitor.get('/api/payments/wallet/withdrawals/');
    expect(listed.body.results[0]).toMatchObject({ id: res.body.id, status: 'awaiting_payee', confirm: { package: bill?.packageInfo } });
    const page = await ann.visitor.get('/profile/wallet/');
    expect(page.text).toMatch(/data-status="awaiting_payee"><span>Waiting for you to confirm the receipt in WeChat<\/span>/);
    expect(page.text).toContain('Open this page in WeChat to confirm the receipt.');
    // In the chat-app browser it offers the confirmation itself (wx.requestMerchantTransfer).
    const inWechat = await ann.visitor.agent
      .get('/profile/wallet/')
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI');
    expect(inWechat.text).toMatch(/<button[^>]*>Confirm receipt in WeChat<\/button>/);
    expect(inWechat.text).not.toContain('Open this page in WeChat to confirm the receipt.');

    // Still unconfirmed: the sweep asks and leaves it waiting.
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ paid: 0, open: 1, errors: 0 });

    standIn.confirmBill(billNo);
    const notification = standIn.billNotification(billNo);
    expect(await standIn.deliverBill(billNo, notification)).toEqual({ status: 204, body: '' });
    const paid = (await ann.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0];
    expect(paid).toMatchObject({ id: res.body.id, status: 'paid', note: 'Paid to the WeChat balance.' });
    expect(paid.confirm).toBeUndefined();

    // A replay of the same notification, and the sweep after it, book nothing more.
    expect((await standIn.deliverBill(billNo, notification)).status).toBe(204);
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ paid: 0, open: 0, errors: 0 });
    expect(await ledgerOf(site.db, res.body.id)).toEqual([
      [walletAccount(ann.user.id), -1234, 'withdrawal'],
      [PLATFORM_CLEARING, 1234, 'withdrawal'],
      [PLATFORM_CLEARING, -1234, 'wechat_payout'],
      [PLATFORM_WECHATPAY, 1234, 'wechat_payout'],
    ]);
    expect(await ann.balance()).toBe('37.66');
    expect(standIn.transferredFen()).toBe(1234);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('books a confirmed bill once when the notification and the sweep race', async () => {
    const bea = await author(site, standIn, 10_00);
    const res = await bea.withdraw(6);
    const billNo = await billNoOf(site.db, res.body.id);
    standIn.confirmBill(billNo);
    site.later();
    const [delivered] = await Promise.all([standIn.deliverBill(billNo, standIn.billNotification(billNo)), site.wechatPay.payouts.sweep()]);
    expect(delivered.status).toBe(204);
    expect((await bea.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0].status).toBe('paid');
    expect((await ledgerOf(site.db, res.body.id)).filter(([, , kind]) => kind === 'wechat_payout')).toHaveLength(2);
    expect(await bea.balance()).toBe('4.00');
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('gives the money back once when WeChat Pay cancels a bill nobody confirmed', async () => {
    const cai = await author(site, standIn, 20_00);
    const res = await cai.withdraw(5);
    expect(res.body.status).toBe('awaiting_payee');
    expect(await cai.balance()).toBe('15.00');
    const billNo = await billNoOf(site.db, res.body.id);
    // It expired unconfirmed: the sweep learns it first, then the notification arrives.
    standIn.finishBill(billNo, 'CANCELLED');
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ cancelled: 1, errors: 0 });
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo))).status).toBe(204);
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ cancelled: 0, open: 0, errors: 0 });

    expect(await cai.balance()).toBe('20.00');
    const listed = (await cai.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0];
    expect(listed).toMatchObject({ id: res.body.id, status: 'cancelled', note: expect.stringMatching(/Cancelled.*back in the wallet/) });
    expect(await ledgerOf(site.db, res.body.id)).toEqual([
      [walletAccount(cai.user.id), -500, 'withdrawal'],
      [PLATFORM_CLEARING, 500, 'withdrawal'],
      [PLATFORM_CLEARING, -500, 'withdrawal_refund'],
      [walletAccount(cai.user.id), 500, 'withdrawal_refund'],
    ]);
    // Cancelled is final: a retry refuses, and nothing is sent.
    const asked = standIn.requests.length;
    expect((await site.admin('retry-withdrawal', String(res.body.id))).code).toBe(1);
    expect(standIn.requests.length).toBe(asked);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('lets the author cancel a bill they have not confirmed: the money comes back once', async () => {
    const dan = await author(site, standIn, 10_00);
    const eve = await author(site, standIn, 0);
    const res = await dan.withdraw(3);
    const billNo = await billNoOf(site.db, res.body.id);
    const cancel = (visitor: Visitor) => visitor.post(`/api/payments/wallet/withdrawals/${res.body.id}/cancel/`, {});
    // Not theirs: nothing asked of WeChat Pay.
    const asked = standIn.requests.length;
    expect((await cancel(eve.visitor)).status).toBe(404);
    expect((await dan.visitor.post('/api/payments/wallet/withdrawals/abc/cancel/', {})).status).toBe(400);
    expect(standIn.requests.length).toBe(asked);

    const cancelled = await cancel(dan.visitor);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'awaiting_payee', note: expect.stringMatching(/Being cancelled/) });
    expect(standIn.bills.get(billNo)?.state).toBe('CANCELING');
    expect(await dan.balance()).toBe('7.00');
    standIn.finishBill(billNo, 'CANCELLED');
    const notification = standIn.billNotification(billNo);
    expect((await standIn.deliverBill(billNo, notification)).status).toBe(204);
    expect((await standIn.deliverBill(billNo, notification)).status).toBe(204);
    site.later();
    await site.wechatPay.payouts.sweep();
    expect(await dan.balance()).toBe('10.00');
    expect((await ledgerOf(site.db, res.body.id)).filter(([, , kind]) => kind === 'withdrawal_refund')).toHaveLength(2);
    // Cancelled is final: a second cancel is refused.
    expect((await cancel(dan.visitor)).status).toBe(400);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('gives the money back once when the bill fails', async () => {
    const fay = await author(site, standIn, 10_00);
    const res = await fay.withdraw(4);
    const billNo = await billNoOf(site.db, res.body.id);
    standIn.finishBill(billNo, 'FAIL', 'PAYEE_ACCOUNT_ABNORMAL');
    const notification = standIn.billNotification(billNo);
    expect((await standIn.deliverBill(billNo, notification)).status).toBe(204);
    expect((await standIn.deliverBill(billNo, notification)).status).toBe(204);
    site.later();
    await site.wechatPay.payouts.sweep();
    expect(await fay.balance()).toBe('10.00');
    const listed = (await fay.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0];
    expect(listed).toMatchObject({ status: 'failed', note: expect.stringMatching(/PAYEE_ACCOUNT_ABNORMAL.*back in the wallet/) });
    expect((await ledgerOf(site.db, res.body.id)).filter(([, , kind]) => kind === 'withdrawal_refund')).toHaveLength(2);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });

  it('refuses forged, stale, unknown or unlike notifications and changes nothing', async () => {
    const gus = await author(site, standIn, 10_00);
    const res = await gus.withdraw(2);
    const billNo = await billNoOf(site.db, res.body.id);
    standIn.confirmBill(billNo);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { signWith: forger }))).status).toBe(403);
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(403);
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { bill: { transfer_amount: 20_000 } }))).status).toBe(400);
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { bill: { openid: 'o-somebody-else' } }))).status).toBe(400);
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { bill: { mchid: '1900000999' } }))).status).toBe(400);
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo, { bill: { out_bill_no: 'ZW999T0' } }))).status).toBe(400);
    expect((await gus.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0].status).toBe('awaiting_payee');
    expect(await ledgerOf(site.db, res.body.id)).toHaveLength(2);
    // The genuine one still counts.
    expect((await standIn.deliverBill(billNo, standIn.billNotification(billNo))).status).toBe(204);
    expect((await gus.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0].status).toBe('paid');
  });

  it('sends a bill whose answer was lost again with the same body, learning its package_info: one bill', async () => {
    const hal = await author(site, standIn, 10_00);
    standIn.loseTransferAnswers(1);
    const res = await hal.withdraw('1.50');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    const billNo = await billNoOf(site.db, res.body.id);
    expect(standIn.bills.get(billNo)).toMatchObject({ state: 'WAIT_USER_CONFIRM', sent: 1 });
    site.later();
    expect(await site.wechatPay.payouts.sweep()).toMatchObject({ open: 1, errors: 0 });
    const listed = (await hal.visitor.get('/api/payments/wallet/withdrawals/')).body.results[0];
    expect(listed).toMatchObject({ status: 'awaiting_payee', confirm: { package: standIn.bills.get(billNo)?.packageInfo } });
    expect(standIn.bills.get(billNo)?.sent).toBe(2);
    expect([...standIn.bills.values()].filter((b) => b.openid === hal.openid)).toHaveLength(1);
  });
});

describe('payouts signed with the wrong merchant key (decisions 050, 064)', async () => {
  const standIn = await standInWechatPay();
  afterAll(() => standIn.close());
  const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const site = await payoutsApp(standIn, { privateKey: wrongKey });

  it('answers 502, fails the withdrawal and gives the money back at once', async () => {
    const hal = await author(site, standIn, 10_00);
    const res = await hal.withdraw(4);
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/refused.*back in your wallet/);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', url: '/v3/fund-app/mch-transfer/transfer-bills', status: 401 });
    expect(standIn.bills.size).toBe(0);
    expect(await hal.balance()).toBe('10.00');
    const listed = (await hal.visitor.get('/api/payments/wallet/withdrawals/')).body.results;
    expect(listed).toEqual([expect.objectContaining({ status: 'failed', note: expect.stringMatching(/SIGN_ERROR/) })]);
    expect(await balanceCents(site.db, PLATFORM_CLEARING)).toBe(0);
    expect(await site.audit()).toMatch(/^every txn sums to zero/);
  });
});
