import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { PLATFORM_ADJUSTMENTS, balanceCents, creditWallet, walletAccount } from '../../server/payments/ledger';
import { seedDemo } from '../../server/startup/seed/demo';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { membershipOrder } from '../support/orders';

// The wallet (balance = the ledger's sum), its transactions and withdrawals.

const OPEN_ID = 'oSandboxOpenId0001';

async function signedIn(app: Express, username: string): Promise<Visitor> {
  const visitor = new Visitor(app);
  const res = await visitor.signIn(`${username}@example.com`, PASSWORD);
  expect(res.status).toBe(200);
  return visitor;
}

async function credit(database: Database, userId: number, cents: number, note = 'Test credit'): Promise<void> {
  await database.db
    .transaction()
    .execute((trx) => creditWallet(trx, userId, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: note, now: Date.now() }));
}

async function linkWechat(database: Database, userId: number, openid: string): Promise<void> {
  await database.db.insertInto('wechat_identities').values({ user_id: userId, app: 'mp', openid, unionid: null, created_at: Date.now() }).execute();
}

async function unbalancedTxns(database: Database): Promise<number> {
  const rows = await database.db
    .selectFrom('ledger_entries')
    .select('txn_id')
    .groupBy('txn_id')
    .having((eb) => eb.fn.sum('amount_cents'), '!=', 0)
    .execute();
  return rows.length;
}

async function walletWithMoney(cents: number) {
  const { app, database } = await testApp();
  const user = await createPerson(database, 'ann');
  await credit(database, user.id, cents);
  await linkWechat(database, user.id, OPEN_ID);
  const ann = await signedIn(app, 'ann');
  return { app, database, user, ann };
}

describe('wallet balance and transactions', () => {
  it('shows the ledger sum as a 2-place decimal in CNY', async () => {
    const { database, user, ann } = await walletWithMoney(1234);
    await credit(database, user.id, 1, 'Bonus');
    const res = await ann.get('/api/payments/wallet/balance/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ currency_symbol: '¥', net_amount: '12.35', currency: 'CNY' });
    expect(await balanceCents(database.db, walletAccount(user.id))).toBe(1235);
    // Account info's coin is the same balance, in yuan, and the page a reader opens carries it.
    expect((await ann.get('/api/accounts/info/')).body.coin).toBe(12.35);
    const page = await ann.get('/profile/wallet/');
    expect(page.text).toContain('"coin":12.35');
  });

  it('starts at 0.00 and answers 403 when signed out', async () => {
    const { app, database } = await testApp();
    await createPerson(database, 'bob');
    const bob = await signedIn(app, 'bob');
    expect((await bob.get('/api/payments/wallet/balance/')).body.net_amount).toBe('0.00');
    expect((await request(app).get('/api/payments/wallet/balance/')).status).toBe(403);
    expect((await request(app).get('/api/payments/wallet/transactions/')).status).toBe(403);
  });

  it('lists transactions newest first, 10 a page, with direction and description', async () => {
    const { database, user, ann } = await walletWithMoney(100);
    for (let i = 1; i <= 11; i += 1) await credit(database, user.id, i * 100, `Credit ${i}`);
    const first = await ann.get('/api/payments/wallet/transactions/?page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain('page=2');
    expect(first.body.results[0]).toMatchObject({ kind: 'adjustment', amount: '11.00', direction: 'in', description: 'Credit 11' });
    const second = await ann.get('/api/payments/wallet/transactions/?page=2&page_size=10');
    expect(second.body.results).toHaveLength(2);
    expect(second.body.next).toBeNull();
    expect((await ann.get('/api/payments/wallet/transactions/?page=abc')).status).toBe(400);

    await ann.post('/api/payments/wallet/withdraw/wechat/', { amount: '0.50', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    const after = await ann.get('/api/payments/wallet/transactions/');
    expect(after.body.results[0]).toMatchObject({ kind: 'withdrawal', amount: '0.50', direction: 'out', description: 'Withdrawal to WeChat' });
  });

  it("never shows another user's entries", async () => {
    const { app, database } = await walletWithMoney(500);
    await createPerson(database, 'bob');
    const bob = await signedIn(app, 'bob');
    expect((await bob.get('/api/payments/wallet/transactions/')).body).toMatchObject({ count: 0, results: [] });
    expect((await bob.get('/api/payments/wallet/balance/')).body.net_amount).toBe('0.00');
  });
});

describe('withdraw to WeChat', () => {
  const path = '/api/payments/wallet/withdraw/wechat/';

  it('moves the money out of the wallet and records a paid sandbox withdrawal', async () => {
    const { database, user, ann } = await walletWithMoney(1000);
    const res = await ann.post(path, { amount: '3.5', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: '3.50', currency: 'CNY', status: 'paid' });
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('6.50');
    const rows = await database.db.selectFrom('withdrawals').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 350, open_id: OPEN_ID, status: 'paid' });
    expect(rows[0]?.txn_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balanceCents(database.db, 'platform:clearing')).toBe(350);
    expect(await unbalancedTxns(database)).toBe(0);
  });

  it('accepts a number amount', async () => {
    const { ann } = await walletWithMoney(1000);
    const res = await ann.post(path, { amount: 2, app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(201);
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('8.00');
  });

  it.each([
    ['-1'],
    [-1],
    ['0'],
    [0],
    ['0.00'],
    ['99999999999'],
    [1e21],
    ['abc'],
    ['1.234'],
    [1.234],
    ['NaN'],
    ['Infinity'],
    ['1e3'],
    [''],
    [null],
    [true],
    [{}],
    [[5]],
  ])('refuses the amount %j with 400 and changes nothing', async (amount) => {
    const { database, ann } = await walletWithMoney(1000);
    const res = await ann.post(path, { amount, app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(400);
    expect(res.body.amount).toBeDefined();
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
    expect(await database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a missing amount, a bad currency and malformed JSON', async () => {
    const { app, ann } = await walletWithMoney(1000);
    expect((await ann.post(path, { app_id: 'wxsandbox', open_id: OPEN_ID })).status).toBe(400);
    expect((await ann.post(path, { amount: '1', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'USD' })).body.currency_code).toBeDefined();
    const broken = await ann.agent.post(path).set('X-CSRFToken', ann.csrf).set('Content-Type', 'application/json').send('{"amount":');
    expect(broken.status).toBe(400);
    expect(app).toBeDefined();
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
  });

  it('refuses more than the balance', async () => {
    const { database, ann } = await walletWithMoney(1000);
    const res = await ann.post(path, { amount: '10.01', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Insufficient balance.' });
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
    expect(await database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(0);
  });

  it("refuses another user's open id and an account without a stored identity", async () => {
    const { app, database, ann } = await walletWithMoney(1000);
    const bob = await createPerson(database, 'bob');
    await linkWechat(database, bob.id, 'oBobOpenId');
    const stolen = await ann.post(path, { amount: '1', app_id: 'wxsandbox', open_id: 'oBobOpenId', currency_code: 'CNY' });
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail).toBe('This WeChat account is not linked to your account.');

    await createPerson(database, 'cat');
    await credit(database, (await database.db.selectFrom('users').select('id').where('username', '=', 'cat').executeTakeFirstOrThrow()).id, 500);
    const cat = await signedIn(app, 'cat');
    const none = await cat.post(path, { amount: '1', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(none.status).toBe(400);
    expect((await cat.get('/api/payments/wallet/balance/')).body.net_amount).toBe('5.00');
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
    expect(await database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(0);
  });

  it("takes the sandbox payment login's open id without WeChat credentials, but not another user's", async () => {
    const { app, database, user, ann } = await walletWithMoney(1000);
    const bob = await createPerson(database, 'bob');
    await credit(database, bob.id, 1000);
    const login = await ann.get('/accounts/login/wechat_payment/?next=/profile/wallet');
    const openId = new URL(String(login.headers.location), 'http://x').searchParams.get('openid');
    expect(openId).toBe(`sandbox_openid_${user.id}`);
    const ok = await ann.post(path, { amount: '1', app_id: 'sandbox', open_id: openId, currency_code: 'CNY' });
    expect(ok.status).toBe(201);
    const bobs = await signedIn(app, 'bob');
    expect((await bobs.post(path, { amount: '1', app_id: 'sandbox', open_id: openId, currency_code: 'CNY' })).status).toBe(400);
    expect((await bobs.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
  });

  it('answers 403 without a CSRF token or when signed out', async () => {
    const { app, ann } = await walletWithMoney(1000);
    const noCsrf = await ann.agent.post(path).send({ amount: '1', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(noCsrf.status).toBe(403);
    const anonymous = new Visitor(app);
    await anonymous.open();
    expect((await anonymous.post(path, { amount: '1', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' })).status).toBe(403);
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
  });

  it('never goes below zero under 50 concurrent withdrawals, and every txn sums to zero', async () => {
    const { database, user, ann } = await walletWithMoney(1000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        ann.agent.post(path).set('X-CSRFToken', ann.csrf).send({ amount: '1.00', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    expect(await balanceCents(database.db, walletAccount(user.id))).toBe(0);
    expect(await database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(10);
    expect(await unbalancedTxns(database)).toBe(0);
  }, 60_000);
});

describe('withdraw with WeChat configured', () => {
  it('pays only to the official account and leaves the withdrawal pending with a note', async () => {
    const { app, database } = await testApp({
      config: {
        wechat: {
          mp: { appId: 'wxofficial1234', secret: 'abcdefabcdefabcdef' },
          openBase: 'http://127.0.0.1:9',
          apiBase: 'http://127.0.0.1:9',
          timeoutMs: 500,
        },
      },
    });
    const user = await createPerson(database, 'ann');
    await credit(database, user.id, 1000);
    await linkWechat(database, user.id, OPEN_ID);
    const ann = await signedIn(app, 'ann');
    const wrongApp = await ann.post('/api/payments/wallet/withdraw/wechat/', { amount: '1', app_id: 'wxother', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(wrongApp.status).toBe(400);
    const res = await ann.post('/api/payments/wallet/withdraw/wechat/', { amount: '1', app_id: 'wxofficial1234', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    expect(res.body.note).toMatch(/not configured/);
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('9.00');

    // The operator settles it: failed gives the money back, once; paid is final.
    const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(database.db, Date.now), db: database.db, now: Date.now });
    const listed = await admin('list-withdrawals', '--status', 'pending');
    expect(listed.out).toMatch(new RegExp(`^${res.body.id}\tann@example.com\t1.00\tpending\twxofficial1234\t${OPEN_ID}\t`));
    expect(await admin('settle-withdrawal', String(res.body.id), 'failed')).toEqual({
      code: 0,
      out: `withdrawal ${res.body.id} failed: 1.00 CNY is back in the wallet of user ${user.id}`,
    });
    expect((await admin('settle-withdrawal', String(res.body.id), 'failed')).code).toBe(1);
    expect((await admin('settle-withdrawal', String(res.body.id), 'paid')).code).toBe(1);
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('10.00');
    expect((await ann.get('/api/payments/wallet/transactions/')).body.results[0]).toMatchObject({ kind: 'withdrawal_refund', direction: 'in', amount: '1.00' });
    const second = await ann.post('/api/payments/wallet/withdraw/wechat/', { amount: '2', app_id: 'wxofficial1234', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(await admin('settle-withdrawal', String(second.body.id), 'paid')).toEqual({ code: 0, out: `withdrawal ${second.body.id} is paid` });
    expect((await admin('settle-withdrawal', 'abc', 'paid')).code).not.toBe(0);
    expect((await admin('list-withdrawals', '--status', 'pending')).out).toBe('no withdrawals');
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('8.00');
    expect(await balanceCents(database.db, 'platform:clearing')).toBe(200);
    expect(await unbalancedTxns(database)).toBe(0);
  });
});

describe('demo seed', () => {
  it('gives the demo reader 200.00 in the wallet', async () => {
    const { app, database } = await testApp();
    await seedDemo(database.db, Date.now);
    const reader = new Visitor(app);
    expect((await reader.signIn('reader@zine.local', 'zine-demo-2026')).status).toBe(200);
    expect((await reader.get('/api/payments/wallet/balance/')).body.net_amount).toBe('200.00');
    expect((await reader.get('/api/payments/wallet/transactions/')).body.results[0]).toMatchObject({
      kind: 'adjustment',
      note: null,
      direction: 'in',
      amount: '200.00',
    });
  }, 30_000);
});

describe('withdraw with the sandbox off and no WeChat credentials', () => {
  it('keeps the withdrawal pending (no money is said to be sent) and refuses sandbox open ids', async () => {
    const { app, database } = await testApp({ config: { paymentsSandbox: false } });
    const user = await createPerson(database, 'ann');
    await credit(database, user.id, 1000);
    await linkWechat(database, user.id, OPEN_ID);
    const ann = await signedIn(app, 'ann');
    const path = '/api/payments/wallet/withdraw/wechat/';
    expect((await ann.post(path, { amount: '1', app_id: 'wxany', open_id: `sandbox_openid_${user.id}`, currency_code: 'CNY' })).status).toBe(400);
    const res = await ann.post(path, { amount: '1', app_id: 'wxany', open_id: OPEN_ID, currency_code: 'CNY' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    const row = await database.db.selectFrom('withdrawals').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', paid_at: null });
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('9.00');
  });
});

describe('wallet payments in the transactions', () => {
  it('shows a membership paid from the wallet as money out with its order', async () => {
    const { database, ann } = await walletWithMoney(100_00);
    const order = await ann.post('/api/payments/order/', membershipOrder('vip_monthly_manual'));
    expect(order.status).toBe(201);
    expect((await ann.post(`/api/payments/order/${order.body.id}/wallet/`, {})).status).toBe(200);
    expect((await ann.get('/api/payments/wallet/balance/')).body.net_amount).toBe('22.00');
    const latest = (await ann.get('/api/payments/wallet/transactions/')).body.results[0];
    expect(latest).toMatchObject({ kind: 'order_membership', amount: '78.00', direction: 'out', description: `Membership payment (order ${order.body.id})` });
    expect(await unbalancedTxns(database)).toBe(0);
  });
});

describe('wallet payments and withdrawals at once', () => {
  it('50 concurrent requests never overdraw and the ledger balances', async () => {
    const { database, user, ann } = await walletWithMoney(100_00);
    const orders: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const order = await ann.post('/api/payments/order/', membershipOrder('premium_monthly_manual'));
      expect(order.status).toBe(201);
      orders.push(String(order.body.id));
    }
    const send = (url: string, body: object) => ann.agent.post(url).set('X-CSRFToken', ann.csrf).send(body);
    const answers = await Promise.all(
      orders.flatMap((id) => [
        send(`/api/payments/order/${id}/wallet/`, {}),
        send('/api/payments/wallet/withdraw/wechat/', { amount: '10.00', app_id: 'wxsandbox', open_id: OPEN_ID, currency_code: 'CNY' }),
      ]),
    );
    // Each is paid, placed or refused (too little money): anything else is named with its body.
    const unexpected = answers.filter((r) => r.status !== 200 && r.status !== 201 && r.status !== 400).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(unexpected).toEqual([]);
    const paidCents = answers.filter((r, i) => i % 2 === 0 && r.status === 200).length * 22_00;
    const withdrawnCents = answers.filter((r, i) => i % 2 === 1 && r.status === 201).length * 10_00;
    const balance = await balanceCents(database.db, walletAccount(user.id));
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(100_00 - paidCents - withdrawnCents);
    expect(balance).toBeLessThan(10_00);
    expect(await unbalancedTxns(database)).toBe(0);
  }, 120_000);
});
