import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { hashSecret } from '../../server/security/secrets';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, setCookieHeader, Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const DAY = 24 * 3600 * 1000;
const XSS = '<script>alert(1)</script>';

async function sessionCount(database: Awaited<ReturnType<typeof testApp>>['database']): Promise<number> {
  const rows = await database.db.selectFrom('sessions').select('id').execute();
  return rows.length;
}

describe('sign-in', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await new UserDirectory(database.db, Date.now).setMembership(ann.email, 'vip', Date.now() + 30 * DAY);
  await createPerson(database, 'ina', { status: 'inactive' });
  await createPerson(database, 'ben', { status: 'banned' });
  await createPerson(database, 'sue', { status: 'suspended' });

  it('signs in with e-mail and password and answers every account field', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const before = visitor.csrf;
    const res = await visitor.signIn('ANN@example.com', PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'avatar',
        'birthday',
        'city',
        'city_key',
        'coin',
        'column',
        'description',
        'email',
        'gender',
        'habits',
        'habits_key',
        'id',
        'register_date',
        'role',
        'username',
      ].sort(),
    );
    expect(res.body).toMatchObject({ id: ann.id, username: 'ann', email: 'ann@example.com', role: 'vip', column: '/@ann/' });
    const cookie = setCookieHeader(res, 'sessionid') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(visitor.csrf).not.toBe(before);
    const sessionId = cookieValue(res, 'sessionid') ?? '';
    const stored = await database.db.selectFrom('sessions').selectAll().where('user_id', '=', ann.id).execute();
    expect(stored.map((s) => s.id)).toContain(hashSecret(sessionId));
    expect(stored.map((s) => s.id)).not.toContain(sessionId);

    const info = await visitor.get('/api/accounts/info/');
    expect(info.body.id).toBe(ann.id);
  });

  it('marks the session cookie Secure behind https', async () => {
    const secure = await testApp({ config: { publicOrigin: 'https://zine.example', secure: true } });
    await createPerson(secure.database, 'sam');
    // A client on http would not send Secure cookies back, so this one sends them by hand.
    const page = await request(secure.app).get('/');
    expect(setCookieHeader(page, 'csrftoken')).toMatch(/Secure/);
    const csrf = cookieValue(page, 'csrftoken') ?? '';
    const res = await request(secure.app)
      .post('/api/accounts/login/cookies/')
      .set('Cookie', `csrftoken=${csrf}`)
      .set('X-CSRFToken', csrf)
      .send({ email: 'sam@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(setCookieHeader(res, 'sessionid')).toMatch(/Secure/);
  });

  it('answers 401 for a wrong password or an unknown e-mail alike', async () => {
    const visitor = new Visitor(app);
    const wrong = await visitor.signIn('ann@example.com', 'wrong password');
    const unknown = await visitor.signIn('nobody@example.com', PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Account/Password not correct' });
    expect(unknown.body).toEqual(wrong.body);
    expect(setCookieHeader(wrong, 'sessionid')).toBeUndefined();
  });

  it.each(['ina', 'ben'])('answers 400 to the %s account (inactive, banned)', async (username) => {
    const before = await sessionCount(database);
    const res = await new Visitor(app).signIn(`${username}@example.com`, PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/inactive or banned/);
    expect(await sessionCount(database)).toBe(before);
  });

  it('lets a suspended account sign in', async () => {
    expect((await new Visitor(app).signIn('sue@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuses bad bodies with DRF field errors and changes nothing', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const before = await sessionCount(database);
    const missing = await visitor.post('/api/accounts/login/cookies/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
    const types = await visitor.post('/api/accounts/login/cookies/', { email: 5, password: ['x'] });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body).sort()).toEqual(['email', 'password']);
    const huge = await visitor.post('/api/accounts/login/cookies/', { email: 'a'.repeat(300), password: 'x' });
    expect(huge.status).toBe(400);
    const script = await visitor.post('/api/accounts/login/cookies/', { email: XSS, password: XSS });
    expect(script.status).toBe(401);
    expect(JSON.stringify(script.body)).not.toContain('<script>');
    const malformed = await visitor.agent
      .post('/api/accounts/login/cookies/')
      .set('X-CSRFToken', visitor.csrf)
      .set('Content-Type', 'application/json')
      .send('{"email": "ann@example.com", "password": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/JSON parse error/);
    const tooLarge = await visitor.agent
      .post('/api/accounts/login/cookies/')
      .set('X-CSRFToken', visitor.csrf)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'x', password: 'y'.repeat(3 * 1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(await sessionCount(database)).toBe(before);
  });
});

describe('CSRF', async () => {
  const { app, database } = await testApp();
  await createPerson(database, 'ann');

  it('sets the csrftoken cookie on every page, readable by scripts', async () => {
    const res = await request(app).get('/found/');
    const cookie = setCookieHeader(res, 'csrftoken') ?? '';
    expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{32,}; /);
    expect(cookie).not.toMatch(/HttpOnly/);
    expect(res.text).not.toContain(cookieValue(res, 'csrftoken'));
  });

  it('keeps a valid cookie instead of replacing it', async () => {
    const res = await request(app)
      .get('/')
      .set('Cookie', `csrftoken=${'a'.repeat(32)}`);
    expect(setCookieHeader(res, 'csrftoken')).toBeUndefined();
  });

  it.each([
    ['no cookie', undefined, undefined, 'CSRF Failed: CSRF cookie not set.'],
    ['no header', 'b'.repeat(32), undefined, 'CSRF Failed: CSRF token missing.'],
    ['a different header', 'b'.repeat(32), 'c'.repeat(32), 'CSRF Failed: CSRF token incorrect.'],
  ])('refuses an unsafe call with %s', async (_case, cookie, header, detail) => {
    const before = await sessionCount(database);
    let call = request(app).post('/api/accounts/login/cookies/').send({ email: 'ann@example.com', password: PASSWORD });
    if (cookie) call = call.set('Cookie', `csrftoken=${cookie}`);
    if (header) call = call.set('X-CSRFToken', header);
    const res = await call;
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail });
    expect(await sessionCount(database)).toBe(before);
  });
});

describe('sessions and sign-out', async () => {
  let clock = Date.now();
  const { app, database } = await testApp({ deps: { now: () => clock } });
  const ann = await createPerson(database, 'ann');

  it('answers no id when signed out', async () => {
    const res = await request(app).get('/api/accounts/info/').expect(200);
    expect(res.body).toEqual({});
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('ends the session on the server at sign-out', async () => {
    const visitor = new Visitor(app);
    const signedIn = await visitor.signIn('ann@example.com', PASSWORD);
    const sessionId = cookieValue(signedIn, 'sessionid') ?? '';
    const out = await visitor.get('/api/accounts/logout/cookies/');
    expect(out.status).toBe(200);
    expect(setCookieHeader(out, 'sessionid')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await database.db.selectFrom('sessions').select('id').where('id', '=', hashSecret(sessionId)).execute()).toEqual([]);
    const replayed = await request(app).get('/api/accounts/info/').set('Cookie', `sessionid=${sessionId}`);
    expect(replayed.body).toEqual({});
  });

  it('signs out on a GET only from our own pages: a cross-site link or image changes nothing', async () => {
    const visitor = new Visitor(app);
    const signedIn = await visitor.signIn('ann@example.com', PASSWORD);
    const sessionId = cookieValue(signedIn, 'sessionid') ?? '';
    const session = () => database.db.selectFrom('sessions').select('id').where('id', '=', hashSecret(sessionId)).execute();
    const forged = [
      visitor.agent.get('/api/accounts/logout/cookies/').set('Sec-Fetch-Site', 'cross-site'),
      visitor.agent.get('/api/accounts/logout/cookies/').set('Sec-Fetch-Site', 'same-site'),
      visitor.agent.get('/api/accounts/logout/cookies/').set('Sec-Fetch-Site', 'none'),
      visitor.agent.get('/api/accounts/logout/cookies/'),
      visitor.agent.get('/api/accounts/logout/cookies/').set('X-CSRFToken', 'x'.repeat(32)),
    ];
    for (const call of forged) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/^CSRF Failed/);
      expect(setCookieHeader(res, 'sessionid')).toBeUndefined();
    }
    expect(await session()).toHaveLength(1);
    const ours = await visitor.agent.get('/api/accounts/logout/cookies/').set('Sec-Fetch-Site', 'same-origin');
    expect(ours.status).toBe(200);
    expect(await session()).toEqual([]);
  });

  it('forgets an expired session', async () => {
    const visitor = new Visitor(app);
    await visitor.signIn('ann@example.com', PASSWORD);
    expect((await visitor.get('/api/accounts/info/')).body.id).toBe(ann.id);
    clock += 15 * DAY;
    expect((await visitor.get('/api/accounts/info/')).body).toEqual({});
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', ann.id).execute()).toEqual([]);
  });

  it('signs a banned user out at once', async () => {
    const visitor = new Visitor(app);
    await visitor.signIn('ann@example.com', PASSWORD);
    await database.db.updateTable('users').set({ status: 'banned' }).where('id', '=', ann.id).execute();
    expect((await visitor.get('/api/accounts/info/')).body).toEqual({});
    await database.db.updateTable('users').set({ status: 'active' }).where('id', '=', ann.id).execute();
  });

  it('ignores a junk session cookie', async () => {
    const res = await request(app)
      .get('/api/accounts/info/')
      .set('Cookie', `sessionid=${'x'.repeat(5000)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });
});

describe('Bearer tokens (native app)', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  const token = await new UserDirectory(database.db, Date.now).createApiToken(ann.email, 'iPhone');

  it('authenticates with Authorization: Bearer and needs no CSRF token', async () => {
    const info = await request(app).get('/api/accounts/info/').set('Authorization', `Bearer ${token}`);
    expect(info.body.id).toBe(ann.id);
    const unsafe = await request(app).post('/api/accounts/reset_password/').set('Authorization', `Bearer ${token}`).send({ email: 'ann@example.com' });
    expect(unsafe.status).toBe(200);
  });

  it('answers 401 to a bad token', async () => {
    const res = await request(app).get('/api/accounts/info/').set('Authorization', 'Bearer not-a-token');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
  });

  it('renders pages as the token holder when the app passes __token', async () => {
    const res = await request(app).get(`/profile/wallet/?__token=${token}`).expect(200);
    expect(res.text).toContain('My Wallet');
    expect(res.text).toContain('>ann<');
  });
});

describe('the sign-in page and the guard', async () => {
  const { app, database } = await testApp();
  await createPerson(database, 'ann');

  it('lets a signed-in reader through the guard and shows them in the header', async () => {
    const visitor = new Visitor(app);
    await visitor.signIn('ann@example.com', PASSWORD);
    const wallet = await visitor.get('/profile/wallet/');
    expect(wallet.status).toBe(200);
    expect(wallet.text).toContain('My Wallet');
    expect(wallet.text).toContain('href="/@ann/"');
    expect(wallet.text).toContain('Sign Out');
  });

  it.each([
    ['/profile/wallet/', '/profile/wallet/'],
    ['https://evil.example/', '/'],
    ['//evil.example/steal', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('sends a signed-in reader on from sign-in to next=%s -> %s', async (next, target) => {
    const visitor = new Visitor(app);
    await visitor.signIn('ann@example.com', PASSWORD);
    const res = await visitor.get(`/sign/in/?next=${encodeURIComponent(next)}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(target);
  });

  it('shows the sign-in form to a signed-out reader', async () => {
    const res = await request(app).get('/sign/in/?next=%2Fprofile%2Fwallet%2F').expect(200);
    expect(res.text).toContain('name="password"');
    expect(res.text).toContain('Accounts are created in our iOS and Android apps.');
  });
});

describe('rate limits', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 3, reset: 2 } } });
  await createPerson(database, 'ann');

  it('throttles sign-in attempts with DRF’s 429', async () => {
    const visitor = new Visitor(app);
    for (let i = 0; i < 3; i++) expect((await visitor.signIn('ann@example.com', 'wrong')).status).toBe(401);
    const throttled = await visitor.signIn('ann@example.com', PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
  });

  /** A sign-in from an address of its own (the loopback proxy's X-Forwarded-For, which the app trusts). */
  const attempt = async (address: string, email: string, password: string) => {
    const page = await request(app).get('/').set('X-Forwarded-For', address);
    const csrf = /csrftoken=([^;]+)/.exec(String(page.headers['set-cookie'] ?? ''))?.[1] ?? '';
    return request(app)
      .post('/api/accounts/login/cookies/')
      .set('X-Forwarded-For', address)
      .set('Cookie', `csrftoken=${csrf}`)
      .set('X-CSRFToken', csrf)
      .send({ email, password });
  };

  it('counts failed sign-ins only: a reader who signs in often is never throttled', async () => {
    await createPerson(database, 'cat');
    for (let i = 0; i < 6; i++) expect((await attempt('10.41.0.1', 'cat@example.com', PASSWORD)).status, `sign-in ${i}`).toBe(200);
  });

  it('throttles failures against one account from any address, and says the real wait', async () => {
    await createPerson(database, 'bob');
    for (let i = 0; i < 3; i++) expect((await attempt(`10.40.0.${i + 1}`, 'Bob@Example.com ', 'wrong')).status).toBe(401);
    const throttled = await attempt('10.40.0.9', 'bob@example.com', PASSWORD);
    expect(throttled.status).toBe(429);
    const seconds = Number(/available in (\d+) seconds/.exec(String(throttled.body.detail))?.[1]);
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    // Another account from that address is not held back.
    expect((await attempt('10.40.0.9', 'cat@example.com', PASSWORD)).status).toBe(200);
  });

  it('throttles password-reset requests', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    for (let i = 0; i < 2; i++) expect((await visitor.post('/api/accounts/reset_password/', { email: 'x@example.com' })).status).toBe(200);
    expect((await visitor.post('/api/accounts/reset_password/', { email: 'x@example.com' })).status).toBe(429);
  });
});

describe('password reset', async () => {
  let clock = Date.now();
  const { app, database, outboxDir } = await testApp({ deps: { now: () => clock, limits: { signIn: 100, reset: 100 } } });
  await createPerson(database, 'ann');
  await createPerson(database, 'ben', { status: 'banned' });
  // The outbox keeps mails as sent: quoted-printable, with soft line breaks.
  const mails = () =>
    fs
      .readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) =>
        fs
          .readFileSync(path.join(outboxDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
  const linkIn = (mail: string) => /http:\/\/localhost:3000(\/accounts\/reset\/([A-Za-z0-9_-]+)\/)/.exec(mail);

  it('refuses a malformed address in the DRF shape and mails nothing', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    for (const email of ['not-an-address', 'ann@', '@example.com', 'ann example.com', 'ann@example', '<script>@x.com']) {
      const res = await visitor.post('/api/accounts/reset_password/', { email });
      expect(res.status, email).toBe(400);
      expect(res.body).toEqual({ email: ['Enter a valid email address.'] });
    }
    expect((await visitor.post('/api/accounts/reset_password/', {})).body).toEqual({ email: ['This field is required.'] });
    expect(mails()).toEqual([]);
  });

  it('answers unknown, banned and known addresses alike, and mails only the known one', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const unknown = await visitor.post('/api/accounts/reset_password/', { email: 'nobody@example.com' });
    const banned = await visitor.post('/api/accounts/reset_password/', { email: 'ben@example.com' });
    expect(mails()).toEqual([]);
    const known = await visitor.post('/api/accounts/reset_password/', { email: 'Ann@Example.com' });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(banned.body).toEqual(unknown.body);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toContain('To: ann@example.com');
  });

  it('sets a new password through the mailed link, once', async () => {
    const visitor = new Visitor(app);
    const mail = mails()[0] ?? '';
    const link = linkIn(mail);
    expect(link).not.toBeNull();
    const [, pagePath = '', token = ''] = link ?? [];
    const page = await visitor.open(pagePath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Choose a new password');

    const short = await visitor.post('/api/accounts/reset_password/confirm/', { token, new_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.new_password).toHaveLength(1);

    const done = await visitor.post('/api/accounts/reset_password/confirm/', { token, new_password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect((await visitor.signIn('ann@example.com', PASSWORD)).status).toBe(401);
    expect((await visitor.signIn('ann@example.com', 'a brand new password')).status).toBe(200);

    const again = await visitor.post('/api/accounts/reset_password/confirm/', { token, new_password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/invalid or has expired/);
  });

  it('ends every session of the account when the password is reset', async () => {
    const other = new Visitor(app);
    await other.signIn('ann@example.com', 'a brand new password');
    const visitor = new Visitor(app);
    await visitor.open();
    await visitor.post('/api/accounts/reset_password/', { email: 'ann@example.com' });
    const token = linkIn(mails().at(-1) ?? '')?.[2] ?? '';
    await visitor.post('/api/accounts/reset_password/confirm/', { token, new_password: 'third password here' });
    expect((await other.get('/api/accounts/info/')).body).toEqual({});
  });

  it('refuses a link older than an hour', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const count = mails().length;
    await visitor.post('/api/accounts/reset_password/', { email: 'ann@example.com' });
    expect(mails()).toHaveLength(count + 1);
    const token = linkIn(mails().at(-1) ?? '')?.[2] ?? '';
    clock += 61 * 60 * 1000;
    const res = await visitor.post('/api/accounts/reset_password/confirm/', { token, new_password: 'too late password' });
    expect(res.status).toBe(400);
  });

  it('refuses a made-up token and bad bodies', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    expect((await visitor.post('/api/accounts/reset_password/confirm/', { token: 'made-up', new_password: 'long enough pw' })).status).toBe(400);
    expect((await visitor.post('/api/accounts/reset_password/confirm/', { token: 5 })).status).toBe(400);
    expect((await visitor.post('/api/accounts/reset_password/', { email: ['x'] })).status).toBe(400);
  });
});
