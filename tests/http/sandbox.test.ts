import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/api/cookies';
import { createBooklet } from '../../server/content/createBooklet';
import { balanceCents, walletAccount } from '../../server/payments/ledger';
import { makeCallback, sandboxSecret, signCallback } from '../../server/payments/sandbox';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { bookletOrder, membershipOrder } from '../support/orders';

describe('the sandbox payment provider', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-p2-sandbox-'));
  const { app, database } = await testApp({ config: { dataDir } });
  const { db } = database;
  const now = Date.now();
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  await createPerson(database, 'cat');
  const chapter = await writeArticle(database, ann.id, 'paid-words', { title: 'Paid words' });
  const bookletId = await createBooklet(
    db,
    {
      slug: 'guide',
      ownerId: ann.id,
      name: 'Guide',
      priceCents: 990,
      currency: 'CNY',
      items: [{ type: 'article', articleId: chapter, slug: 'paid', salesMode: 'payment_required' }],
    },
    now,
  );
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  const [benV, catV] = [await signedIn('ben'), await signedIn('cat')];
  const secret = await sandboxSecret(dataDir);
  const newOrder = async (v: Visitor, body: object) => (await v.post('/api/payments/order/', body)).body.id as string;
  const statusOf = async (ref: string) => (await db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status;
  const callback = (body: object) => new Visitor(app).agent.post('/api/payments/callback/sandbox/').send(body);

  it('web pay: the url leads to our checkout; Pay there takes the callback path, pays once and returns', async () => {
    const ref = await newOrder(benV, membershipOrder('premium_annual_manual'));
    const web = await benV.get(`/api/payments/order/${ref}/alipay/web/?return_url=${encodeURIComponent('/member?paid=1')}`);
    expect(web.status).toBe(200);
    expect(web.body.status).toBe('pending');
    const url = new URL(web.body.url as string);
    expect(url.pathname).toBe(`/payments/sandbox/checkout/${ref}`);
    expect(url.searchParams.get('return_url')).toBe('/member?paid=1');
    expect(await statusOf(ref)).toBe('pending');

    const page = await benV.get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('188.00');
    expect(page.text).toContain('premium_annual_manual');
    expect(page.text).toContain('name="csrfmiddlewaretoken"');

    const forged = await benV.agent
      .post(url.pathname)
      .type('form')
      .send({ result: 'paid', csrfmiddlewaretoken: 'x'.repeat(43), return_url: '/member' });
    expect(forged.status).toBe(403);
    expect(await statusOf(ref)).toBe('pending');

    const paid = await benV.agent.post(url.pathname).type('form').send({ result: 'paid', csrfmiddlewaretoken: benV.csrf, return_url: '/member?paid=1' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe('/member?paid=1');
    expect(await statusOf(ref)).toBe('paid');
    const user = await db.selectFrom('users').selectAll().where('id', '=', ben.id).executeTakeFirstOrThrow();
    expect(user.membership_tier).toBe('premium');
    const firstExpiry = Number(user.membership_expires_at);

    // Pay pressed again (a second tab): still paid once, the time not added twice.
    const again = await benV.agent
      .post(url.pathname)
      .type('form')
      .send({ result: 'paid', csrfmiddlewaretoken: benV.csrf, return_url: 'https://evil.example/steal' });
    expect(again.headers.location).toBe('/');
    const after = await db.selectFrom('users').select('membership_expires_at').where('id', '=', ben.id).executeTakeFirstOrThrow();
    expect(Number(after.membership_expires_at)).toBe(firstExpiry);
    expect((await benV.get(`/api/payments/order/${ref}/alipay/web/`)).body).toEqual({ detail: 'Order already paid.' });
  });

  it('Fail on the checkout marks the order failed; a later payment still works', async () => {
    const ref = await newOrder(catV, membershipOrder('vip_monthly_manual'));
    await catV.get(`/api/payments/order/${ref}/alipay/web/`);
    const failed = await catV.agent
      .post(`/payments/sandbox/checkout/${ref}`)
      .type('form')
      .send({ result: 'failed', csrfmiddlewaretoken: catV.csrf, return_url: 'http://127.0.0.1/profile/orders' });
    expect(failed.status).toBe(303);
    expect(await statusOf(ref)).toBe('failed');
    expect((await catV.get(`/api/payments/order/${ref}/`)).body.status).toBe('failed');
    const retry = makeCallback(secret, ref, 'paid', Date.now());
    expect((await callback(retry)).body).toEqual({ detail: 'ok', status: 'paid' });
    expect(await statusOf(ref)).toBe('paid');
  });

  it('rejects a forged signature, a replayed nonce and a stale callback; paid stays paid once', async () => {
    const ref = await newOrder(catV, bookletOrder(bookletId, 990));
    const annBefore = await balanceCents(db, walletAccount(ann.id));
    const good = makeCallback(secret, ref, 'paid', Date.now());
    const forged = { ...good, signature: signCallback(Buffer.from('not-the-key-'.repeat(6)), good) };
    expect((await callback(forged)).body).toEqual({ detail: 'Invalid signature.' });
    expect((await callback({ ...good, order: 'another' })).body).toEqual({ detail: 'Invalid signature.' });
    expect((await callback({ ...good, signature: 'zz' })).status).toBe(400);
    expect(await statusOf(ref)).toBe('created');

    const ok = await callback(good);
    expect(ok.status).toBe(200);
    expect(await statusOf(ref)).toBe('paid');
    const replay = await callback(good);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ detail: 'Callback already received.' });
    // A fresh, properly signed 'failed' for a paid order changes nothing.
    expect((await callback(makeCallback(secret, ref, 'failed', Date.now()))).body.status).toBe('paid');
    expect((await callback(makeCallback(secret, ref, 'paid', Date.now()))).status).toBe(200);
    expect(await balanceCents(db, walletAccount(ann.id))).toBe(annBefore + 990);
    const purchases = await db
      .selectFrom('booklet_purchases')
      .select('order_ref')
      .where('user_id', '=', (await db.selectFrom('users').select('id').where('username', '=', 'cat').executeTakeFirstOrThrow()).id)
      .execute();
    expect(purchases).toEqual([{ order_ref: ref }]);

    const stale = makeCallback(secret, ref, 'paid', Date.now() - 60 * 60 * 1000);
    expect((await callback(stale)).body).toEqual({ detail: 'Callback expired.' });
    expect((await callback(makeCallback(secret, 'no-such-order', 'paid', Date.now()))).body).toEqual({ detail: 'Unknown order.' });
    expect((await new Visitor(app).agent.post('/api/payments/callback/sandbox/').set('Content-Type', 'application/json').send('{')).status).toBe(400);
  });

  it('concurrent callbacks: one nonce delivered ten times counts once; ten fresh ones pay once', async () => {
    const ref = await newOrder(benV, membershipOrder('premium_monthly_manual'));
    const before = Number(
      (await db.selectFrom('users').select('membership_expires_at').where('id', '=', ben.id).executeTakeFirstOrThrow()).membership_expires_at,
    );
    const one = makeCallback(secret, ref, 'paid', Date.now());
    const same = await Promise.all(Array.from({ length: 10 }, () => callback(one)));
    expect(same.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    const fresh = await Promise.all(Array.from({ length: 10 }, () => callback(makeCallback(secret, ref, 'paid', Date.now()))));
    expect(fresh.every((r) => r.status === 200)).toBe(true);
    const after = Number(
      (await db.selectFrom('users').select('membership_expires_at').where('id', '=', ben.id).executeTakeFirstOrThrow()).membership_expires_at,
    );
    expect(after - before).toBeGreaterThan(27 * 24 * 3600 * 1000);
    expect(after - before).toBeLessThan(32 * 24 * 3600 * 1000);
    const revenue = await db.selectFrom('ledger_entries').select('amount_cents').where('ref', '=', ref).where('account', '=', 'platform:revenue').execute();
    expect(revenue.map((r) => Number(r.amount_cents))).toEqual([2_200]);
  });

  it('chat-app pay answers sandbox app_params and marks the order pending; needs an openid', async () => {
    const ref = await newOrder(benV, membershipOrder('vip_annual_manual'));
    expect((await benV.get(`/api/payments/order/${ref}/wechat/`)).status).toBe(400);
    const res = await benV.get(`/api/payments/order/${ref}/wechat/?openid=sandbox_openid_1`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.app_params as object).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    expect(res.body.app_params.package).toBe(`prepay_id=sandbox_${ref}`);
    expect(new URL(res.body.sandbox_checkout_url as string).pathname).toBe(`/payments/sandbox/checkout/${ref}`);
    expect(await statusOf(ref)).toBe('pending');
    expect((await catV.get(`/api/payments/order/${ref}/wechat/?openid=x`)).status).toBe(404);
    expect((await new Visitor(app).get(`/api/payments/order/${ref}/wechat/?openid=x`)).status).toBe(403);
  });

  it('starting a provider payment is refused cross-site, and asking again changes nothing', async () => {
    const ref = await newOrder(benV, membershipOrder('premium_monthly_manual'));
    const paths = [`/api/payments/order/${ref}/alipay/web/?return_url=%2Fmember`, `/api/payments/order/${ref}/wechat/?openid=sandbox_openid_1`];
    for (const path of paths) {
      for (const site of ['cross-site', 'same-site', 'none']) {
        const res = await benV.agent.get(path).set('Sec-Fetch-Site', site);
        expect(res.status, `${path} ${site}`).toBe(403);
      }
      expect((await benV.agent.get(path)).status).toBe(403);
    }
    expect(await statusOf(ref)).toBe('created');

    const first = await benV.agent.get(paths[0] ?? '').set('Sec-Fetch-Site', 'same-origin');
    expect(first.status).toBe(200);
    const row = () => db.selectFrom('orders').select(['status', 'method', 'paid_at']).where('ref', '=', ref).executeTakeFirstOrThrow();
    const pending = await row();
    const again = await benV.get(paths[0] ?? '');
    expect(again.status).toBe(200);
    expect({ ...again.body, url: undefined }).toEqual({ ...first.body, url: undefined });
    const where = (url: unknown) => new URL(String(url)).pathname + new URL(String(url)).search;
    expect(where(again.body.url)).toBe(where(first.body.url));
    expect(await row()).toEqual(pending);
    expect(pending).toMatchObject({ status: 'pending', method: 'alipay' });
  });

  it('the payment login answers in sandbox mode with an open id, and only to this site', async () => {
    const res = await benV.get(`/accounts/login/wechat_payment/?next=${encodeURIComponent('/member?x=1')}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/member?x=1&openid=sandbox_openid_${ben.id}`);
    const away = await benV.get(`/accounts/login/wechat_payment/?next=${encodeURIComponent('//evil.example/')}`);
    expect(away.headers.location).toBe(`/?openid=sandbox_openid_${ben.id}`);
  });

  it('the checkout page of an unknown order is a 404 page', async () => {
    const res = await new Visitor(app).get('/payments/sandbox/checkout/nope');
    expect(res.status).toBe(404);
    expect(res.text).toContain('No such order.');
  });
});

describe('with PAYMENTS_SANDBOX=0', async () => {
  const { app, database } = await testApp({ config: { paymentsSandbox: false, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'zine-p2-off-')) } });
  await createPerson(database, 'eve');
  const eve = new Visitor(app);
  await eve.signIn('eve@example.com', PASSWORD);

  it('turns chat-app and web pay, the checkout and the callback off; orders and the wallet still work', async () => {
    const created = await eve.post('/api/payments/order/', membershipOrder('premium_monthly_manual'));
    expect(created.status).toBe(201);
    const ref = created.body.id as string;
    expect((await eve.get(`/api/payments/order/${ref}/alipay/web/`)).body).toEqual({ detail: 'This payment method is not configured.' });
    expect((await eve.get(`/api/payments/order/${ref}/wechat/?openid=x`)).status).toBe(503);
    expect((await eve.get(`/payments/sandbox/checkout/${ref}`)).status).toBe(404);
    expect((await new Visitor(app).agent.post('/api/payments/callback/sandbox/').send({})).status).toBe(403);
    expect((await eve.post(`/api/payments/order/${ref}/wallet/`, {})).body).toEqual({ detail: 'Insufficient balance.' });
    expect((await database.db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status).toBe('created');
  });
});

describe('the sandbox checkout on a first visit', async () => {
  const { app, database } = await testApp({ config: { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'zine-p2-first-')) } });
  await createPerson(database, 'fay');
  await createPerson(database, 'gus');
  const fay = new Visitor(app);
  const session = cookieValue(await fay.signIn('fay@example.com', PASSWORD), SESSION_COOKIE);
  const statusOf = async (ref: string) => (await database.db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status;

  it('works for the payer whose browser has no CSRF cookie yet (the session only)', async () => {
    const ref = (await fay.post('/api/payments/order/', membershipOrder('premium_monthly_manual'))).body.id as string;
    const cookie = `${SESSION_COOKIE}=${session ?? ''}`;
    const page = await request(app).get(`/payments/sandbox/checkout/${ref}`).set('Cookie', cookie).expect(200);
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBe(cookieValue(page, 'csrftoken'));
    const paid = await request(app)
      .post(`/payments/sandbox/checkout/${ref}`)
      .set('Cookie', `${cookie}; csrftoken=${token ?? ''}`)
      .type('form')
      .send({ result: 'paid', csrfmiddlewaretoken: token, return_url: '/member' });
    expect(paid.status).toBe(303);
    expect(await statusOf(ref)).toBe('paid');
  });

  it('shows an order to nobody but its payer, and nobody else can pay or fail it', async () => {
    const ref = (await fay.post('/api/payments/order/', membershipOrder('vip_monthly_manual'))).body.id as string;
    const anonymous = new Visitor(app);
    await anonymous.open();
    const gus = new Visitor(app);
    await gus.signIn('gus@example.com', PASSWORD);
    for (const stranger of [anonymous, gus]) {
      const page = await stranger.get(`/payments/sandbox/checkout/${ref}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('No such order.');
      expect(page.text).not.toContain(ref);
      for (const result of ['paid', 'failed']) {
        const post = await stranger.agent
          .post(`/payments/sandbox/checkout/${ref}`)
          .type('form')
          .send({ result, csrfmiddlewaretoken: stranger.csrf, return_url: '/member' });
        expect(post.status).toBe(404);
      }
    }
    expect(await statusOf(ref)).toBe('created');
    expect((await fay.get(`/payments/sandbox/checkout/${ref}`)).status).toBe(200);
  });
});
