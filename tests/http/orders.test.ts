import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBooklet } from '../../server/content/createBooklet';
import { balanceCents, creditWallet, PLATFORM_ADJUSTMENTS, walletAccount } from '../../server/payments/ledger';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { bookletOrder, membershipOrder } from '../support/orders';

const DAY = 24 * 3600 * 1000;

describe('orders and wallet payments', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-p2-orders-'));
  const { app, database } = await testApp({ config: { dataDir } });
  const { db } = database;
  const now = Date.now();
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const cat = await createPerson(database, 'cat');
  const chapter = await writeArticle(database, ann.id, 'paid-words', { title: 'Paid words' });
  const bookletId = await createBooklet(
    db,
    {
      slug: 'guide',
      ownerId: ann.id,
      name: 'Guide',
      priceCents: 1200,
      currency: 'CNY',
      items: [{ type: 'article', articleId: chapter, slug: 'paid', salesMode: 'payment_required' }],
    },
    now,
  );
  const freeId = await createBooklet(db, { slug: 'free', ownerId: ann.id, name: 'Free', items: [] }, now);
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  const [annV, benV, catV] = [await signedIn('ann'), await signedIn('ben'), await signedIn('cat')];
  const credit = (userId: number, cents: number) =>
    db.transaction().execute((trx) => creditWallet(trx, userId, cents, { from: PLATFORM_ADJUSTMENTS, kind: 'test', ref: 'test', now }));
  const order = async (v: Visitor, body: unknown) => v.post('/api/payments/order/', body);
  const userRow = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('prices a membership itself: the order is made at the amount shown, its price (any other: tests/http/orderAmount.test.ts)', async () => {
    const res = await order(benV, { type: 'membership', identity: 'vip_monthly_manual', amount: '78.00' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'membership',
      identity: 'vip_monthly_manual',
      amount: '78.00',
      currency: 'CNY',
      currency_symbol: '¥',
      status: 'created',
    });
    expect(res.body.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const row = await db.selectFrom('orders').selectAll().where('ref', '=', res.body.id).executeTakeFirstOrThrow();
    expect(Number(row.amount_cents)).toBe(7800);
  });

  it('requires type, identity and amount, and refuses unknown products, free, own and bought booklets', async () => {
    expect((await order(benV, {})).body).toEqual({ type: expect.any(Array), identity: ['This field is required.'], amount: ['This field is required.'] });
    expect((await order(benV, { type: 'membership', amount: '78.00' })).status).toBe(400);
    expect((await order(benV, { type: 'coffee', identity: 'x', amount: '78.00' })).status).toBe(400);
    expect((await order(benV, membershipOrder('gold_forever'))).body).toEqual({ detail: 'Unknown membership product.' });
    expect((await order(benV, bookletOrder('999999', 1200))).body).toEqual({ detail: 'Unknown booklet.' });
    expect((await order(benV, bookletOrder('-1', 1200))).body).toEqual({ detail: 'Unknown booklet.' });
    expect((await order(benV, bookletOrder(freeId, 1200))).body).toEqual({ detail: 'This booklet is free.' });
    expect((await order(annV, { type: 'booklet', identity: bookletId, amount: '12.00' })).body).toEqual({ detail: 'You cannot buy your own booklet.' });
    expect((await order(benV, membershipOrder('<script>alert(1)</script>'))).status).toBe(400);
    expect((await benV.agent.post('/api/payments/order/').set('X-CSRFToken', benV.csrf).set('Content-Type', 'application/json').send('{"type":')).status).toBe(
      400,
    );
  });

  it('answers 403 signed out and without the CSRF token, creating nothing', async () => {
    const before = await db.selectFrom('orders').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const anonymous = new Visitor(app);
    await anonymous.open();
    expect((await order(anonymous, membershipOrder('vip_monthly_manual'))).status).toBe(403);
    const noCsrf = await benV.agent.post('/api/payments/order/').send(membershipOrder('vip_monthly_manual'));
    expect(noCsrf.status).toBe(403);
    const after = await db.selectFrom('orders').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("lists only the caller's own orders, newest first, 10 a page with next", async () => {
    for (let i = 0; i < 11; i++) expect((await order(catV, membershipOrder('premium_monthly_manual'))).status).toBe(201);
    const first = await catV.get('/api/payments/order/?page_size=10');
    expect(first.body.count).toBe(11);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toContain('page=2');
    const second = await catV.get(new URL(first.body.next as string).pathname + new URL(first.body.next as string).search);
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.results, ...second.body.results].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(11);
    const bens = await benV.get('/api/payments/order/');
    expect(bens.body.results.every((o: { id: string }) => !ids.includes(o.id))).toBe(true);
    expect((await benV.get(`/api/payments/order/${ids[0]}/`)).status).toBe(404);
    expect((await catV.get(`/api/payments/order/${ids[0]}/`)).body.id).toBe(ids[0]);
  });

  it('pays a membership from the wallet: tier set, expiry a month on, effective role vip; twice is 400', async () => {
    await credit(ben.id, 10_000);
    const created = await order(benV, membershipOrder('vip_monthly_manual'));
    const paid = await benV.post(`/api/payments/order/${created.body.id}/wallet/`, {});
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: created.body.id, status: 'paid', method: 'wallet' });
    expect(await balanceCents(db, walletAccount(ben.id))).toBe(2_200);
    const user = await userRow(ben.id);
    expect(user.membership_tier).toBe('vip');
    expect(Number(user.membership_expires_at)).toBeGreaterThan(now + 27 * DAY);
    expect(Number(user.membership_expires_at)).toBeLessThan(now + 32 * DAY + 60_000);
    const membership = await benV.get('/api/accounts/membership/');
    expect(membership.body).toMatchObject({ level: 'vip', renewal: false, expired: false, effective_role: 'vip' });
    expect((await benV.get('/api/accounts/info/')).body).toMatchObject({ role: 'vip' });
    const changes = await db.selectFrom('content_changes').select('key').where('key', '=', 'author:ben').execute();
    expect(changes.length).toBeGreaterThan(0);

    const again = await benV.post(`/api/payments/order/${created.body.id}/wallet/`, {});
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'Order already paid.' });
    expect(await balanceCents(db, walletAccount(ben.id))).toBe(2_200);

    // A second month runs on from the current expiry, not from now.
    const firstExpiry = Number(user.membership_expires_at);
    await credit(ben.id, 7_800);
    const next = await order(benV, membershipOrder('vip_monthly_manual'));
    await benV.post(`/api/payments/order/${next.body.id}/wallet/`, {});
    expect(Number((await userRow(ben.id)).membership_expires_at)).toBeGreaterThan(firstExpiry + 27 * DAY);
  });

  it("answers 404 for another user's order and changes nothing", async () => {
    const cats = await order(catV, membershipOrder('premium_monthly_manual'));
    const res = await benV.post(`/api/payments/order/${cats.body.id}/wallet/`, {});
    expect(res.status).toBe(404);
    expect((await db.selectFrom('orders').select('status').where('ref', '=', cats.body.id).executeTakeFirstOrThrow()).status).toBe('created');
  });

  it('refuses an insufficient balance and changes nothing', async () => {
    const created = await order(catV, membershipOrder('enterprise_annual_manual'));
    await credit(cat.id, 100);
    const res = await catV.post(`/api/payments/order/${created.body.id}/wallet/`, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Insufficient balance.' });
    expect(await balanceCents(db, walletAccount(cat.id))).toBe(100);
    expect((await userRow(cat.id)).membership_tier).toBeNull();
    expect((await db.selectFrom('orders').select('status').where('ref', '=', created.body.id).executeTakeFirstOrThrow()).status).toBe('created');
  });

  it('sells a booklet: bought and the author credited in the same payment; then it cannot be ordered again', async () => {
    await credit(cat.id, 5_000);
    const annBefore = await balanceCents(db, walletAccount(ann.id));
    const created = await order(catV, bookletOrder(bookletId, 1200));
    expect(created.body.amount).toBe('12.00');
    expect((await catV.post(`/api/payments/order/${created.body.id}/wallet/`, {})).body.status).toBe('paid');
    const purchase = await db
      .selectFrom('booklet_purchases')
      .selectAll()
      .where('booklet_id', '=', bookletId)
      .where('user_id', '=', cat.id)
      .executeTakeFirstOrThrow();
    expect(purchase.order_ref).toBe(created.body.id);
    expect(await balanceCents(db, walletAccount(ann.id))).toBe(annBefore + 1_200);
    expect(await balanceCents(db, walletAccount(cat.id))).toBe(5_100 - 1_200);
    expect((await order(catV, bookletOrder(bookletId, 1200))).body).toEqual({ detail: 'You already bought this booklet.' });
    const booklet = await catV.get('/api/booklets/guide/');
    expect(booklet.body.payment.bought).toBe(true);
    const chapterRes = await catV.get('/api/booklets/guide/item/paid/');
    expect(chapterRes.status).toBe(200);
  });

  it('keeps every ledger transaction balanced', async () => {
    const sums = await db
      .selectFrom('ledger_entries')
      .select(['txn_id', db.fn.sum<string | number>('amount_cents').as('total')])
      .groupBy('txn_id')
      .execute();
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.every((s) => Number(s.total) === 0)).toBe(true);
  });

  it('runs 50 concurrent wallet payments of different orders against one balance, never below zero', async () => {
    const dan = await createPerson(database, 'dan');
    const danV = await signedIn('dan');
    const refs: string[] = [];
    for (let i = 0; i < 50; i++) refs.push((await order(danV, membershipOrder('premium_monthly_manual'))).body.id as string);
    await credit(dan.id, 2_200 * 7 + 100);
    const results = await Promise.all(refs.map((ref) => danV.post(`/api/payments/order/${ref}/wallet/`, {})));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 400)).toHaveLength(43);
    expect(await balanceCents(db, walletAccount(dan.id))).toBe(100);
    const paid = await db.selectFrom('orders').select('ref').where('user_id', '=', dan.id).where('status', '=', 'paid').execute();
    expect(paid).toHaveLength(7);
  });

  it("describes memberships by kind with the seed's list prices", async () => {
    const res = await new Visitor(app).get('/api/accounts/membership/description/');
    expect(res.status).toBe(200);
    expect(res.body.manual).toHaveLength(3);
    expect(res.body.manual[1]).toEqual({
      level: 'vip',
      monthly_key: 'vip_monthly_manual',
      annual_key: 'vip_annual_manual',
      monthly_price: '78.00',
      annual_price: '488.00',
      origin_annual_price: '936.00',
      currency: 'CNY',
      currency_symbol: '¥',
      renewal: false,
    });
    expect(res.body.subscription.map((p: { level: string }) => p.level)).toEqual(['premium', 'vip']);
    // Sold since decision 051 (periods with renewal reminders: tests/http/subscriptions.test.ts); enterprise's is not.
    expect((await order(benV, membershipOrder('vip_monthly_subscription'))).body).toMatchObject({ amount: '58.00' });
    expect((await order(benV, membershipOrder('enterprise_monthly_subscription'))).status).toBe(400);
  });

  it('tells an expired membership apart from one never paid', async () => {
    await db
      .updateTable('users')
      .set({ membership_expires_at: now - DAY })
      .where('id', '=', ben.id)
      .execute();
    const expired = await benV.get('/api/accounts/membership/');
    expect(expired.body).toMatchObject({ level: 'vip', expired: true, effective_role: 'user' });
    expect((await benV.get('/api/accounts/info/')).body).toMatchObject({ role: 'user' });
    const never = await annV.get('/api/accounts/membership/');
    expect(never.body).toEqual({ level: null, expires: null, renewal: false, expired: false, effective_role: 'user', subscription: null });
    expect((await new Visitor(app).get('/api/accounts/membership/')).status).toBe(403);
  });

  it('a lower tier bought during a higher one adds time at the higher tier; the order pays once when clicked five times at once', async () => {
    const eve = await createPerson(database, 'eve');
    const eveV = await signedIn('eve');
    await credit(eve.id, 7_800 + 2_200 * 5);
    const vip = await order(eveV, membershipOrder('vip_monthly_manual'));
    await eveV.post(`/api/payments/order/${vip.body.id}/wallet/`, {});
    const vipExpiry = Number((await userRow(eve.id)).membership_expires_at);
    const premium = await order(eveV, membershipOrder('premium_monthly_manual'));
    const clicks = await Promise.all(Array.from({ length: 5 }, () => eveV.post(`/api/payments/order/${premium.body.id}/wallet/`, {})));
    expect(clicks.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(clicks.filter((r) => r.status === 400).every((r) => r.body.detail === 'Order already paid.')).toBe(true);
    const user = await userRow(eve.id);
    expect(user.membership_tier).toBe('vip');
    expect(Number(user.membership_expires_at)).toBeGreaterThan(vipExpiry + 27 * DAY);
    expect(await balanceCents(db, walletAccount(eve.id))).toBe(2_200 * 4);
  });

  it('answers bad paging and identities with 400, never a 500', async () => {
    expect((await benV.get('/api/payments/order/?page_size=100000')).status).toBe(400);
    expect((await benV.get('/api/payments/order/?page=abc')).status).toBe(400);
    for (const identity of [1e30, -5, 0, 'x'.repeat(65), null, [], {}, true]) {
      expect((await order(benV, { type: 'booklet', identity, amount: '12.00' })).status).toBe(400);
    }
    expect((await benV.get('/api/payments/order/%00/')).status).toBe(400);
    expect((await benV.post('/api/payments/order/nope/wallet/', {})).status).toBe(404);
  });

  it('stops a user from starting more than 100 unpaid orders an hour', async () => {
    const gus = await createPerson(database, 'gus');
    const gusV = await signedIn('gus');
    const rows = Array.from({ length: 99 }, (_, i) => ({
      ref: `gus-${i}`,
      user_id: gus.id,
      type: 'membership' as const,
      identity: 'premium_monthly_manual',
      amount_cents: 2_200,
      currency: 'CNY',
      status: 'created' as const,
      method: null,
      provider_ref: null,
      created_at: Date.now() - 1_000,
      paid_at: null,
    }));
    await db.insertInto('orders').values(rows).execute();
    expect((await order(gusV, membershipOrder('premium_monthly_manual'))).status).toBe(201);
    const refused = await order(gusV, membershipOrder('premium_monthly_manual'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many unpaid orders. Please try again later.' });
  });

  it('names what each order bought in the list and in both wallets; an unpaid order a day old expires: not payable, not listed', async () => {
    const fay = await createPerson(database, 'fay');
    const fayV = await signedIn('fay');
    await credit(fay.id, 5_000);
    const bought = await order(fayV, bookletOrder(bookletId, 1200));
    expect((await fayV.post(`/api/payments/order/${bought.body.id}/wallet/`, {})).body.status).toBe('paid');
    const unpaid = await order(fayV, membershipOrder('premium_monthly_manual'));
    // An unpaid order of yesterday (a panel's method chosen, never paid) and a paid one of last year.
    await db
      .updateTable('orders')
      .set({ created_at: Date.now() - DAY - 1000 })
      .where('ref', '=', unpaid.body.id)
      .execute();
    // Expired, it cannot be paid any more: refused before any money moves.
    const balance = await balanceCents(db, walletAccount(fay.id));
    const late = await fayV.post(`/api/payments/order/${unpaid.body.id}/wallet/`, {});
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ detail: 'Order expired. Please start again.' });
    expect(await balanceCents(db, walletAccount(fay.id))).toBe(balance);
    expect((await fayV.get(`/api/payments/order/${unpaid.body.id}/alipay/web/?return_url=/`)).status).toBe(400);
    const recent = await order(fayV, membershipOrder('premium_monthly_manual'));
    await db
      .updateTable('orders')
      .set({ created_at: Date.now() - 365 * DAY })
      .where('ref', '=', bought.body.id)
      .execute();
    const list = await fayV.get('/api/payments/order/');
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((o: { id: string }) => o.id)).toEqual([recent.body.id, bought.body.id]);
    expect(list.body.results[1].item).toEqual({ type: 'booklet', identity: String(bookletId), name: 'Guide', path: '/booklet/guide/' });
    expect(list.body.results[0].item).toEqual({ type: 'membership', identity: 'premium_monthly_manual', name: null, path: null });
    // The buyer's payment and the author's sale name the booklet.
    const fays = await fayV.get('/api/payments/wallet/transactions/');
    const payment = fays.body.results.find((e: { kind: string }) => e.kind === 'order_booklet');
    expect(payment).toMatchObject({ order: bought.body.id, item: { name: 'Guide', path: '/booklet/guide/' }, direction: 'out' });
    const anns = await annV.get('/api/payments/wallet/transactions/?page_size=50');
    const sale = anns.body.results.find((e: { kind: string; order: string | null }) => e.kind === 'booklet_sale' && e.order === bought.body.id);
    expect(sale).toMatchObject({ item: { name: 'Guide' }, direction: 'in' });
    expect(fays.body.results.find((e: { kind: string }) => e.kind === 'test')).toMatchObject({ order: null, item: null });
  });
});
