import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walletCommands } from '../../server/admin/walletCommands';
import { addMonths } from '../../server/payments/membership';
import { sendRenewalReminders } from '../../server/payments/subscriptions/reminders';
import { RENEWAL_OFF_REFUSAL } from '../../server/payments/subscriptions/rules';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { membershipOrder } from '../support/orders';

const DAY = 24 * 3600 * 1000;

/** Decision 051: subscriptions sold as periods with renewal reminders, through the sandbox provider. */
describe('subscriptions: periods with renewal reminders', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-subscriptions-'));
  let clock = Date.UTC(2026, 5, 10, 12);
  const now = () => clock;
  const { app, database } = await testApp({ config: { dataDir }, deps: { now } });
  const { db } = database;
  const [ann, ben, cat, dan] = [
    await createPerson(database, 'ann'),
    await createPerson(database, 'ben'),
    await createPerson(database, 'cat'),
    await createPerson(database, 'dan'),
  ];
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  let [benV, catV, danV] = [await signedIn('ben'), await signedIn('cat'), await signedIn('dan')];
  const audit = () => walletCommands['ledger-audit']?.run([], { db, now }) ?? Promise.reject(new Error('no ledger-audit'));
  const userRow = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const membership = async (v: Visitor) => (await v.get('/api/accounts/membership/')).body;
  const putRenewal = (v: Visitor, body: unknown, csrf = v.csrf) =>
    v.agent
      .put('/api/accounts/membership/renewal/')
      .set('X-CSRFToken', csrf)
      .send(body as object);
  const subscriptionRow = (userId: number) => db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();

  /** Orders the product and pays it at the sandbox checkout (web pay), as the payment panel does. */
  async function buyInSandbox(v: Visitor, identity: string): Promise<string> {
    const created = await v.post('/api/payments/order/', membershipOrder(identity));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ref = created.body.id as string;
    const web = await v.get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent('/member/')}`);
    expect(web.status).toBe(200);
    const checkout = new URL(web.body.url as string);
    const paid = await v.agent.post(checkout.pathname).type('form').send({ result: 'paid', csrfmiddlewaretoken: v.csrf, return_url: '/member/' });
    expect(paid.status).toBe(303);
    return ref;
  }

  const reminders = (userId: number) => db.selectFrom('notifications').selectAll().where('recipient_id', '=', userId).where('type', '=', 'renewal').execute();

  it('sells a vip monthly subscription at ¥58.00 through the sandbox: a month of vip, renewal on', async () => {
    const created = await benV.post('/api/payments/order/', { type: 'membership', identity: 'vip_monthly_subscription', amount: '58.00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ identity: 'vip_monthly_subscription', amount: '58.00', status: 'created' });

    const ref = await buyInSandbox(benV, 'vip_monthly_subscription');
    // Pay pressed again (a second tab): delivered once, the month not added twice.
    const again = await benV.agent
      .post(`/payments/sandbox/checkout/${ref}`)
      .type('form')
      .send({ result: 'paid', csrfmiddlewaretoken: benV.csrf, return_url: '/member/' });
    expect(again.status).toBeLessThan(500);
    const order = await db.selectFrom('orders').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(Number(order.amount_cents)).toBe(5800);
    const user = await userRow(ben.id);
    expect(user.membership_tier).toBe('vip');
    expect(Number(user.membership_expires_at)).toBe(addMonths(clock, 1));
    expect(await membership(benV)).toEqual({
      level: 'vip',
      expires: new Date(addMonths(clock, 1)).toISOString(),
      renewal: true,
      expired: false,
      effective_role: 'vip',
      subscription: { identity: 'vip_monthly_subscription', level: 'vip', period: 'monthly', renewal: true },
    });
    expect(await audit()).toMatch(/^every txn sums to zero/);
  });

  it('lists the subscriptions with their prices, and never sells an enterprise subscription', async () => {
    const description = (await benV.get('/api/accounts/membership/description/')).body;
    // The product's `renewal` flag (docs/specification/content-and-commerce.md §3).
    expect(description.subscription.map((p: { renewal: boolean }) => p.renewal)).toEqual([true, true]);
    expect(description.manual.map((p: { renewal: boolean }) => p.renewal)).toEqual([false, false, false]);
    expect(
      description.subscription.map((p: { level: string; monthly_price: string; annual_price: string }) => [p.level, p.monthly_price, p.annual_price]),
    ).toEqual([
      ['premium', '18.00', '168.00'],
      ['vip', '58.00', '388.00'],
    ]);
    expect((await benV.post('/api/payments/order/', membershipOrder('enterprise_monthly_subscription'))).body).toEqual({
      detail: 'Unknown membership product.',
    });
  });

  it('turns renewal off and on for the caller only; needs the CSRF token; bad input changes nothing', async () => {
    const before = await subscriptionRow(ben.id);
    expect(Number(before?.renewal)).toBe(1);

    expect((await putRenewal(benV, { renewal: false }, 'wrong')).status).toBe(403);
    expect((await new Visitor(app).agent.put('/api/accounts/membership/renewal/').send({ renewal: false })).status).toBe(403);
    for (const bad of [{}, { renewal: 'no' }, { renewal: 0 }, { renewal: null }, { renewal: false, user: ann.id }, []]) {
      const res = await putRenewal(benV, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(Number((await subscriptionRow(ben.id))?.renewal)).toBe(1);

    // Cat has no subscription: her call touches nobody's, and says so.
    const other = await putRenewal(catV, { renewal: false });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ detail: 'You have no subscription.' });
    expect(Number((await subscriptionRow(ben.id))?.renewal)).toBe(1);
    expect(await subscriptionRow(cat.id)).toBeUndefined();

    const off = await putRenewal(benV, { renewal: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ level: 'vip', renewal: false, subscription: { identity: 'vip_monthly_subscription', renewal: false } });
    expect((await membership(benV)).renewal).toBe(false);

    // Renewal off while the period runs: the subscription price is not sold (decision 051); a one-off is.
    expect((await benV.post('/api/payments/order/', membershipOrder('vip_monthly_subscription'))).body).toEqual({
      detail: RENEWAL_OFF_REFUSAL,
    });
    expect((await benV.post('/api/payments/order/', membershipOrder('vip_monthly_manual'))).status).toBe(201);

    const on = await putRenewal(benV, { renewal: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ renewal: true, subscription: { renewal: true } });
    expect(Number((await subscriptionRow(ben.id))?.renewal)).toBe(1);
  });

  it('reminds renewal-on subscribers once per period, only near the end, in the notification list', async () => {
    // Dan subscribes too, then turns renewal off; Cat buys a one-off; Ann has nothing.
    await buyInSandbox(danV, 'premium_monthly_subscription');
    expect((await putRenewal(danV, { renewal: false })).status).toBe(200);
    await buyInSandbox(catV, 'vip_monthly_manual');
    const benExpiry = Number((await userRow(ben.id)).membership_expires_at);

    // Four days before the end: too early.
    expect(await sendRenewalReminders({ db, now: () => benExpiry - 4 * DAY })).toBe(0);
    // Two days before: Ben alone, once however often the sweep runs.
    expect(await sendRenewalReminders({ db, now: () => benExpiry - 2 * DAY })).toBe(1);
    expect(await sendRenewalReminders({ db, now: () => benExpiry - 2 * DAY + 3600_000 })).toBe(0);
    expect(await sendRenewalReminders({ db, now: () => benExpiry - DAY })).toBe(0);
    expect(await reminders(ben.id)).toHaveLength(1);
    for (const id of [ann.id, cat.id, dan.id]) expect(await reminders(id)).toHaveLength(0);

    const listed = await benV.get('/api/notification/');
    expect(listed.status).toBe(200);
    expect(listed.body.results[0]).toMatchObject({
      unread: true,
      payload: {
        type: 'renewal',
        source: null,
        target: { type: 'Membership', object: { identity: 'vip_monthly_subscription', level: 'vip', expires: new Date(benExpiry).toISOString() } },
        result: null,
      },
    });
    expect((await benV.get('/api/notification/count/?filter=unread')).body.results[0].unread_count).toBe(1);
    // Asked only for the five social kinds (an older client), the reminder is not among them.
    expect((await benV.get('/api/notification/?action=favorite,follow,thumbsup,reply_comment,comment')).body.count).toBe(0);
    // After the end nobody is reminded of a lapsed period.
    expect(await sendRenewalReminders({ db, now: () => benExpiry + DAY })).toBe(0);
  });

  it('renews from the current expiry, not from today, and the next period is reminded again', async () => {
    const expiry = Number((await userRow(ben.id)).membership_expires_at);
    // Bought with a day left: the month runs on from the old end.
    clock = expiry - DAY;
    // A month on, the sessions have expired: sign in again.
    [benV, catV, danV] = [await signedIn('ben'), await signedIn('cat'), await signedIn('dan')];
    await buyInSandbox(benV, 'vip_monthly_subscription');
    const renewed = Number((await userRow(ben.id)).membership_expires_at);
    expect(renewed).toBe(addMonths(expiry, 1));
    expect(await membership(benV)).toMatchObject({ level: 'vip', renewal: true, expires: new Date(renewed).toISOString() });

    expect(await sendRenewalReminders({ db, now: () => renewed - 2 * DAY })).toBe(1);
    expect(await reminders(ben.id)).toHaveLength(2);
    const periods = await db.selectFrom('subscription_reminders').select('expires_at').where('user_id', '=', ben.id).orderBy('expires_at').execute();
    expect(periods.map((p) => Number(p.expires_at))).toEqual([expiry, renewed]);
    expect(await audit()).toMatch(/^every txn sums to zero/);
  });

  it('starts a new subscription at the subscription price after one lapsed with renewal off', async () => {
    const danExpiry = Number((await userRow(dan.id)).membership_expires_at);
    clock = danExpiry + DAY;
    danV = await signedIn('dan');
    expect((await membership(danV)).renewal).toBe(false);
    await buyInSandbox(danV, 'premium_annual_subscription');
    expect(Number((await userRow(dan.id)).membership_expires_at)).toBe(addMonths(clock, 12));
    expect(await subscriptionRow(dan.id)).toMatchObject({ identity: 'premium_annual_subscription', renewal: 1 });
    expect(await audit()).toMatch(/^every txn sums to zero/);
  });
});
