import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { bookletFixture } from './booklets.fixture';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const CODE_LINE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

describe('redeem codes, referral and resellers (/api/redeem/)', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 1000, reset: 100, redeem: 1000 } } });
  const { db } = database;
  const { ann, ben, cat, bookletId } = await bookletFixture(database);
  const dan = await createPerson(database, 'dan');
  const rita = await createPerson(database, 'rita');
  const users = new UserDirectory(db, Date.now);
  await users.setRole(rita.email, 'reseller');
  const admin = (...argv: string[]) => runAdminCommand(argv, { users, db, now: Date.now });

  async function codes(...argv: string[]): Promise<string[]> {
    const result = await admin('create-redeem-codes', ...argv);
    expect(result.code, result.out).toBe(0);
    return result.out.split('\n').filter((line) => CODE_LINE.test(line));
  }
  async function signedIn(username: string): Promise<Visitor> {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  }
  const user = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const codeRow = (code: string) => db.selectFrom('redeem_codes').selectAll().where('code', '=', code.replace(/-/g, '')).executeTakeFirstOrThrow();

  it('the admin command makes random grouped codes, and lists them', async () => {
    const made = await codes('--kind', 'membership', '--level', 'vip', '--period', 'month', '--count', '3', '--batch', 'launch');
    expect(made).toHaveLength(3);
    expect(new Set(made).size).toBe(3);
    const listed = await admin('list-redeem-codes', '--batch', 'launch');
    expect(listed.out.split('\n')).toHaveLength(3);
    expect(listed.out).toContain(`${made[0]}\tvip/1m`);
    expect(listed.out).toContain('unused');
    expect((await admin('create-redeem-codes', '--kind', 'membership', '--level', 'gold', '--period', 'month')).code).toBe(1);
    expect((await admin('create-redeem-codes', '--kind', 'booklet', '--booklet', 'no-such')).out).toContain('no booklet');
    expect((await admin('create-redeem-codes', '--kind', 'membership', '--level', 'vip', '--period', 'month', '--count', '0')).code).toBe(1);
    expect((await admin('create-redeem-codes', '--kind', 'membership', '--level', 'vip', '--period', 'month', '--reseller', 'dan@example.com')).out).toContain(
      'not a reseller',
    );
  });

  it('a membership code gives the tier and a month from now, once; lowercase and spaces are read', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'vip', '--period', 'month');
    const visitor = await signedIn('dan');
    const before = Date.now();
    const res = await visitor.post('/api/redeem/', { code: ` ${code.toLowerCase().replace(/-/g, ' ')} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: 'membership', level: 'vip', months: 1, status: 'used', code });
    const after = await user(dan.id);
    expect(after.membership_tier).toBe('vip');
    const expires = Number(after.membership_expires_at);
    expect(expires).toBeGreaterThan(before + 27 * 24 * 3600 * 1000);
    expect(res.body.membership_expires).toBe(new Date(expires).toISOString());
    expect((await codeRow(code)).used_by).toBe(dan.id);

    const again = await visitor.post('/api/redeem/', { code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'This redeem code has already been used.' });
  });

  it('a second code extends from the current expiry, not from now', async () => {
    const [first = '', second = ''] = await codes('--kind', 'membership', '--level', 'premium', '--period', 'year', '--count', '2');
    const eve = await createPerson(database, 'eve');
    const visitor = await signedIn('eve');
    expect((await visitor.post('/api/redeem/', { code: first })).status).toBe(200);
    const once = Number((await user(eve.id)).membership_expires_at);
    expect((await visitor.post('/api/redeem/', { code: second })).status).toBe(200);
    const twice = Number((await user(eve.id)).membership_expires_at);
    expect(twice - once).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  it('another user’s spent code is refused and stays theirs', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'vip', '--period', 'month');
    expect((await (await signedIn('cat')).post('/api/redeem/', { code })).status).toBe(200);
    const res = await (await signedIn('ben')).post('/api/redeem/', { code });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('This redeem code has already been used.');
    expect((await codeRow(code)).used_by).toBe(cat.id);
    expect((await user(ben.id)).membership_tier).toBeNull();
  });

  it('an expired code is refused and changes nothing', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'vip', '--period', 'year');
    await db
      .updateTable('redeem_codes')
      .set({ expires_at: Date.now() - 1000 })
      .where('code', '=', code.replace(/-/g, ''))
      .execute();
    const res = await (await signedIn('ben')).post('/api/redeem/', { code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'This redeem code has expired.' });
    expect((await codeRow(code)).used_by).toBeNull();
    expect((await user(ben.id)).membership_tier).toBeNull();
    expect((await request(app).get(`/api/redeem/${code}/`)).body.status).toBe('expired');
  });

  it('bad input: a 4xx with a clear message, never a 500, never echoing a script', async () => {
    const visitor = await signedIn('ben');
    for (const body of [{}, { code: 42 }, { code: null }, { code: '' }, { code: 'x'.repeat(65) }, { code: ['A'] }]) {
      const res = await visitor.post('/api/redeem/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeDefined();
    }
    for (const code of ['<script>alert(1)</script>', 'ABCD-EFGH-JKMN-PQRU', 'ABCD-EFGH-JKMN-PQRS']) {
      const res = await visitor.post('/api/redeem/', { code });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Invalid redeem code.' });
    }
    const malformed = await visitor.agent.post('/api/redeem/').set('X-CSRFToken', visitor.csrf).set('Content-Type', 'application/json').send('{"code":');
    expect(malformed.status).toBe(400);
    const look = await request(app).get(`/api/redeem/${encodeURIComponent('<script>alert(1)</script>')}/`);
    expect(look.status).toBe(404);
    expect(JSON.stringify(look.body)).not.toContain('<script>');
  });

  it('needs an account and the CSRF token', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'vip', '--period', 'month');
    const anonymous = new Visitor(app);
    await anonymous.open();
    const res = await anonymous.post('/api/redeem/', { code });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Authentication credentials were not provided.');
    const visitor = await signedIn('ben');
    const noCsrf = await visitor.agent.post('/api/redeem/').send({ code });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.detail).toMatch(/^CSRF Failed/);
    expect((await codeRow(code)).used_by).toBeNull();
  });

  it('10 parallel redeems of one code: exactly one succeeds, one month granted', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'enterprise', '--period', 'month');
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => createPerson(database, `racer${i}`)));
    const visitors = await Promise.all(people.map((p) => signedIn(p.username)));
    const results = await Promise.all(visitors.map((v) => v.post('/api/redeem/', { code })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const members = await db
      .selectFrom('users')
      .select('id')
      .where('membership_tier', '=', 'enterprise')
      .where(
        'id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    expect(members).toHaveLength(1);
    expect((await codeRow(code)).used_by).toBe(members[0]?.id);
  });

  it('one person racing the same code 10 times gets one month', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'premium', '--period', 'month');
    const fay = await createPerson(database, 'fay');
    const visitor = await signedIn('fay');
    const before = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => visitor.post('/api/redeem/', { code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const expires = Number((await user(fay.id)).membership_expires_at);
    expect(expires).toBeLessThan(before + 32 * 24 * 3600 * 1000);
  });

  it('a booklet code marks the booklet bought (order_ref redeem:<code>); an owner or buyer keeps the code unused', async () => {
    const [code = ''] = await codes('--kind', 'booklet', '--booklet', 'field-guide', '--count', '1');
    const owner = await (await signedIn('ann')).post('/api/redeem/', { code });
    expect(owner.status).toBe(400);
    expect(owner.body.detail).toBe('This booklet is your own.');
    const buyer = await (await signedIn('ben')).post('/api/redeem/', { code });
    expect(buyer.body.detail).toBe('You already own this booklet.');
    expect((await codeRow(code)).used_by).toBeNull();

    const visitor = await signedIn('dan');
    const preview = await visitor.get(`/api/redeem/${code}/`);
    expect(preview.body).toMatchObject({ kind: 'booklet', status: 'valid', booklet: { id: bookletId, slug: 'field-guide', name: 'Field Guide' } });
    const res = await visitor.post('/api/redeem/', { code });
    expect(res.status).toBe(200);
    const purchase = await db
      .selectFrom('booklet_purchases')
      .selectAll()
      .where('user_id', '=', dan.id)
      .where('booklet_id', '=', bookletId)
      .executeTakeFirstOrThrow();
    expect(purchase.order_ref).toBe(`redeem:${code.replace(/-/g, '')}`);
    expect(ann.id).not.toBe(dan.id);
  });

  it('a reseller’s code names the reseller, and the look-up never says who used a code', async () => {
    const [code = ''] = await codes('--kind', 'membership', '--level', 'vip', '--period', 'month', '--reseller', 'rita@example.com', '--batch', 'rita-1');
    const look = await request(app).get(`/api/redeem/${code}/`);
    expect(look.status).toBe(200);
    expect(look.body).toMatchObject({ reseller: { username: 'rita' }, status: 'valid', level: 'vip' });
    const res = await (await signedIn('ben')).post('/api/redeem/', { code });
    expect(res.body.reseller).toEqual({ username: 'rita' });
    const after = await request(app).get(`/api/redeem/${code}/`);
    expect(after.body.status).toBe('used');
    expect(JSON.stringify(after.body)).not.toContain('ben');
    expect((await admin('list-redeem-codes', '--batch', 'rita-1')).out).toContain('used by ben\trita-1\trita');
  });

  it('failed attempts are throttled per address', async () => {
    const small = await testApp({ deps: { limits: { signIn: 1000, reset: 100, redeem: 3 } } });
    await createPerson(small.database, 'gus');
    const visitor = new Visitor(small.app);
    await visitor.signIn('gus@example.com', PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await visitor.post('/api/redeem/', { code: 'ABCD-EFGH-JKMN-PQRS' })).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const last = await visitor.post('/api/redeem/', { code: 'ABCD-EFGH-JKMN-PQRS' });
    expect(last.body.detail).toMatch(/^Request was throttled/);
  });

  it('pages: /r/ redirects on the server; the redeem and reseller pages render in the reader’s language', async () => {
    const short = await request(app).get('/r/abcd-efgh-jkmn-pqrs');
    expect(short.status).toBe(302);
    expect(short.headers.location).toBe('/redeem/abcd-efgh-jkmn-pqrs/');
    expect((await request(app).get('/r/ABCD1234')).headers.location).toBe('/accounts/referral/ABCD1234/');
    expect((await request(app).get('/r/')).headers.location).toBe('/redeem/');
    const script = await request(app).get(`/r/${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(script.headers.location).not.toContain('<');
    const zh = await request(app).get('/redeem/').set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(200);
    expect(zh.text).toContain('兑换码');
    const reseller = await request(app).get('/reseller/digital_lizhi').set('Accept-Language', 'en');
    expect(reseller.status).toBe(200);
    expect(reseller.text).toContain('How to redeem');
    expect((await request(app).get('/reseller/redeem').set('Accept-Language', 'zh-TW')).text).toContain('從授權經銷商處購買了兌換碼');
  });

  describe('referral', () => {
    it('a signed-in reader gets a code; a friend’s visit records the referrer once', async () => {
      const annVisitor = await signedIn('ann');
      const own = await annVisitor.get('/api/redeem/referral/');
      expect(own.status).toBe(200);
      expect(own.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(own.body.referred).toBe(0);
      expect((await annVisitor.get('/api/redeem/referral/')).body.code).toBe(own.body.code);
      expect((await annVisitor.post('/api/redeem/referral/', { code: own.body.code })).body.detail).toBe('You cannot refer yourself.');

      const look = await request(app).get(`/api/redeem/referral/${own.body.code.toLowerCase()}/`);
      expect(look.body).toEqual({ code: own.body.code, username: 'ann' });

      const catVisitor = await signedIn('cat');
      const recorded = await catVisitor.post('/api/redeem/referral/', { code: own.body.code });
      expect(recorded.status).toBe(200);
      expect(recorded.body).toMatchObject({ username: 'ann', recorded: true });
      expect((await catVisitor.post('/api/redeem/referral/', { code: own.body.code })).status).toBe(200);
      const danCode = (await (await signedIn('dan')).get('/api/redeem/referral/')).body.code as string;
      const other = await catVisitor.post('/api/redeem/referral/', { code: danCode });
      expect(other.status).toBe(400);
      expect(other.body.detail).toBe('You already have a referrer.');
      const row = await db.selectFrom('referrals').selectAll().where('user_id', '=', cat.id).executeTakeFirstOrThrow();
      expect(row.referrer_user_id).toBe(ann.id);
      expect((await annVisitor.get('/api/redeem/referral/')).body.referred).toBe(1);
    });

    it('a visitor’s code is kept in a cookie and recorded at sign-in', async () => {
      const code = (await (await signedIn('rita')).get('/api/redeem/referral/')).body.code as string;
      const hal = await createPerson(database, 'hal');
      const visitor = new Visitor(app);
      await visitor.open();
      const kept = await visitor.post('/api/redeem/referral/', { code });
      expect(kept.status).toBe(202);
      expect(kept.body).toMatchObject({ username: 'rita', recorded: false });
      expect(cookieValue(kept, 'zine_referral')).toBe(code);
      expect(await db.selectFrom('referrals').selectAll().where('user_id', '=', hal.id).executeTakeFirst()).toBeUndefined();
      await visitor.signIn('hal@example.com', PASSWORD);
      await visitor.get('/api/accounts/info/');
      const row = await db.selectFrom('referrals').selectAll().where('user_id', '=', hal.id).executeTakeFirstOrThrow();
      expect(row.referrer_user_id).toBe(rita.id);
    });

    it('bad referral codes: 404 or field errors, nothing recorded', async () => {
      const visitor = await signedIn('ben');
      expect((await visitor.post('/api/redeem/referral/', { code: 'ZZZZZZZZ' })).status).toBe(404);
      expect((await visitor.post('/api/redeem/referral/', { code: '<script>' })).body).toEqual({ detail: 'Invalid referral code.' });
      expect((await visitor.post('/api/redeem/referral/', { code: 7 })).status).toBe(400);
      expect((await request(app).get('/api/redeem/referral/')).status).toBe(403);
      expect(await db.selectFrom('referrals').selectAll().where('user_id', '=', ben.id).executeTakeFirst()).toBeUndefined();
    });
  });
});
