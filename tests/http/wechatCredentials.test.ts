import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { sendJson, startFakeUpstream, type RecordedRequest } from '../support/fakeUpstream';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ORIGIN = 'http://zine.test';
const OPEN = 'https://open.wechat.test';
const WEB = { appId: 'wxweb0000000000001', secret: 'websecret0000000000000000000001' };
const MP = { appId: 'wxmp00000000000001', secret: 'mpsecret00000000000000000000001' };
const TICKET = 'kgt8ON7yVITDhtdwci0qeT4bEq_MJuBALHKtwyE1gkhMJrqmjCkNgH_8dSa9l5P8dpJmAjXOBMbTS6IHeKsV1A';

/** A fake WeChat: codes named after who scanned them, errors as 200 with errcode, as WeChat does. */
function wechat(req: RecordedRequest, res: ServerResponse): void {
  const url = new URL(req.url, 'http://fake');
  const q = url.searchParams;
  if (url.pathname === '/sns/oauth2/access_token') {
    const code = q.get('code') ?? '';
    if (code === 'slow') return void setTimeout(() => sendJson(res, 200, { openid: 'late' }), 2000);
    if (code === 'bad') return sendJson(res, 200, { errcode: 40029, errmsg: 'invalid code' });
    if (code === 'down') return sendJson(res, 500, { message: 'busy' });
    const [who = '', app = ''] = code.split('-');
    return sendJson(res, 200, { access_token: 'at', expires_in: 7200, refresh_token: 'rt', openid: `o-${app}-${who}`, scope: 'x', unionid: `u-${who}` });
  }
  if (url.pathname === '/cgi-bin/token') return sendJson(res, 200, { access_token: 'server-token', expires_in: 7200 });
  if (url.pathname === '/cgi-bin/ticket/getticket') {
    return q.get('access_token') === 'server-token'
      ? sendJson(res, 200, { errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 })
      : sendJson(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
  }
  sendJson(res, 404, {});
}

async function wechatApp(apiBase: string, now: () => number = Date.now) {
  const config: Partial<Config> = { publicOrigin: ORIGIN, wechat: { web: WEB, mp: MP, openBase: OPEN, apiBase, timeoutMs: 300 } };
  return testApp({ config, deps: { now } });
}

/** Starts a sign-in as a browser would: the redirect to WeChat, whose state comes back with a code. */
async function startSignIn(visitor: Visitor, path: string, next = '/') {
  const res = await visitor.get(`${path}?next=${encodeURIComponent(next)}`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.location ?? '');
  return { location, state: location.searchParams.get('state') ?? '' };
}

async function callback(visitor: Visitor, code: string, state: string) {
  return visitor.get(`/accounts/login/wechat/callback/?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
}

describe('WeChat sign-in with credentials', async () => {
  const fake = await startFakeUpstream(wechat);
  let clock = Date.now();
  const { app, database } = await wechatApp(fake.origin, () => clock);
  await createPerson(database, 'ann');
  const bob = await createPerson(database, 'bob');
  afterAll(() => fake.close());

  it('sends the QR frame to WeChat’s QR page and the chat-app button to the official account’s consent', async () => {
    const visitor = new Visitor(app);
    const qr = await startSignIn(visitor, '/accounts/login/wechatweb/', '/@ann/');
    expect(`${qr.location.origin}${qr.location.pathname}`).toBe(`${OPEN}/connect/qrconnect`);
    expect([...qr.location.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(qr.location.searchParams.get('appid')).toBe(WEB.appId);
    expect(qr.location.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/accounts/login/wechat/callback/`);
    expect(qr.location.searchParams.get('response_type')).toBe('code');
    expect(qr.location.searchParams.get('scope')).toBe('snsapi_login');
    expect(qr.location.hash).toBe('#wechat_redirect');
    // WeChat keeps at most 128 letters and digits of the state.
    expect(qr.state).toMatch(/^[A-Za-z0-9]{1,128}$/);

    const mp = await startSignIn(visitor, '/accounts/login/weixin/');
    expect(`${mp.location.origin}${mp.location.pathname}`).toBe(`${OPEN}/connect/oauth2/authorize`);
    expect(mp.location.searchParams.get('appid')).toBe(MP.appId);
    expect(mp.location.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(mp.location.hash).toBe('#wechat_redirect');
    // The overlay's frame may show WeChat's QR page from WECHAT_OPEN_BASE.
    expect((await visitor.get('/')).headers['content-security-policy']).toMatch(new RegExp(`frame-src 'self' https://open.weixin.qq.com ${OPEN}`));
    const cookie = (await visitor.agent.get('/accounts/login/weixin')).headers['set-cookie'];
    expect(String(cookie)).toMatch(/wechat_state=.*Path=\/accounts\/login\/.*HttpOnly/);
  });

  it('tells a signed-out reader whose WeChat is linked to nobody how to link it, in their language', async () => {
    const visitor = new Visitor(app);
    const { state } = await startSignIn(visitor, '/accounts/login/weixin/', '/@ann/');
    const res = await callback(visitor, 'nobody-mp', state);
    expect(res.status).toBe(200);
    expect(res.text).toContain('not linked to a Zine account yet');
    expect(res.text).toContain('href="/@ann/"');
    expect(cookieValue(res, 'sessionid')).toBeUndefined();
    const quoted = await startSignIn(visitor, '/accounts/login/weixin/', '/a"><script>alert(1)</script>');
    expect((await callback(visitor, 'nobody-mp', quoted.state)).text).not.toContain('<script>alert(1)');
    const zh = await startSignIn(visitor, '/accounts/login/weixin/');
    expect((await visitor.get(`/accounts/login/wechat/callback/?code=nobody-mp&state=${zh.state}&__lang=zh-CN`)).text).toContain('此微信账号尚未关联');
  });

  it('links the signed-in reader’s WeChat, then signs in with it from another browser with a working session', async () => {
    const ann = new Visitor(app);
    expect((await ann.signIn('ann@example.com', PASSWORD)).status).toBe(200);
    const link = await startSignIn(ann, '/accounts/login/wechatweb/', '/@ann/?tab=1');
    const linked = await callback(ann, 'ann-web', link.state);
    expect(linked.status).toBe(302);
    expect(linked.headers.location).toBe('/@ann/?tab=1');
    const exchange = fake.requests.filter((r) => r.url.startsWith('/sns/oauth2/access_token')).at(-1);
    expect(Object.fromEntries(new URL(exchange?.url ?? '', 'http://x').searchParams)).toEqual({
      appid: WEB.appId,
      secret: WEB.secret,
      code: 'ann-web',
      grant_type: 'authorization_code',
    });

    const phone = new Visitor(app);
    await phone.open();
    const before = phone.csrf;
    const { state } = await startSignIn(phone, '/accounts/login/wechatweb/', '/found');
    const res = await callback(phone, 'ann-web', state);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/found');
    expect(cookieValue(res, 'sessionid')).toBeTruthy();
    expect(phone.csrf).not.toBe(before);
    expect((await phone.get('/api/accounts/info/')).body.username).toBe('ann');

    // The official account's openid differs, the unionid is the same person: signed in, and its openid kept.
    const inApp = new Visitor(app);
    const mp = await startSignIn(inApp, '/accounts/login/weixin/');
    expect((await callback(inApp, 'ann-mp', mp.state)).status).toBe(302);
    expect((await inApp.get('/api/accounts/info/')).body.username).toBe('ann');
    const rows = await database.db.selectFrom('wechat_identities').select(['app', 'openid', 'unionid']).orderBy('app').execute();
    expect(rows.filter((r) => r.unionid === 'u-ann')).toEqual([
      { app: 'mp', openid: 'o-mp-ann', unionid: 'u-ann' },
      { app: 'web', openid: 'o-web-ann', unionid: 'u-ann' },
    ]);
  });

  it('breaks out of the overlay’s QR frame after signing in', async () => {
    const visitor = new Visitor(app);
    const { state } = await startSignIn(visitor, '/accounts/login/wechatweb/', '/@ann/');
    const res = await visitor.agent.get(`/accounts/login/wechat/callback/?code=ann-web&state=${state}`).set('Sec-Fetch-Dest', 'iframe');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<script nonce="[^"]+">top\.location\.replace\("\/@ann\/"\);<\/script>/);
    expect(res.text).toContain('target="_top" href="/@ann/"');
  });

  it('refuses a banned account as mail sign-in does', async () => {
    const signedIn = new Visitor(app);
    await signedIn.signIn('bob@example.com', PASSWORD);
    expect((await callback(signedIn, 'bob-web', (await startSignIn(signedIn, '/accounts/login/wechatweb/')).state)).status).toBe(302);
    await database.db.updateTable('users').set({ status: 'banned' }).where('id', '=', bob.id).execute();
    const visitor = new Visitor(app);
    const res = await callback(visitor, 'bob-web', (await startSignIn(visitor, '/accounts/login/wechatweb/')).state);
    expect(res.status).toBe(403);
    expect(res.text).toContain('inactive or banned');
    expect(cookieValue(res, 'sessionid')).toBeUndefined();
    expect((await visitor.get('/api/accounts/info/')).body).toEqual({});
  });

  it('does not let a signed-in reader take a second WeChat for the same app', async () => {
    const ann = new Visitor(app);
    await ann.signIn('ann@example.com', PASSWORD);
    const res = await callback(ann, 'carl-web', (await startSignIn(ann, '/accounts/login/wechatweb/')).state);
    expect(res.status).toBe(409);
    expect(await database.db.selectFrom('wechat_identities').select('id').where('openid', '=', 'o-web-carl').execute()).toEqual([]);
  });

  it('refuses a tampered state, another browser’s state, a replayed or expired one', async () => {
    const visitor = new Visitor(app);
    const { state } = await startSignIn(visitor, '/accounts/login/wechatweb/');
    const tampered = state.slice(0, -1) + (state.endsWith('a') ? 'b' : 'a');
    expect((await callback(visitor, 'ann-web', tampered)).status).toBe(400);

    const thief = new Visitor(app);
    await startSignIn(thief, '/accounts/login/wechatweb/');
    const stolen = await startSignIn(visitor, '/accounts/login/wechatweb/');
    const res = await callback(thief, 'ann-web', stolen.state);
    expect(res.status).toBe(400);
    expect(res.text).toContain('expired or was started in another browser');
    expect(cookieValue(res, 'sessionid')).toBeUndefined();
    expect((await request(app).get(`/accounts/login/wechat/callback/?code=ann-web&state=${stolen.state}`)).status).toBe(400);
    // Used once in its own browser, then spent.
    expect((await callback(visitor, 'ann-web', stolen.state)).status).toBe(302);
    expect((await callback(visitor, 'ann-web', stolen.state)).status).toBe(400);

    const late = await startSignIn(visitor, '/accounts/login/wechatweb/');
    clock += 11 * 60_000;
    expect((await callback(visitor, 'ann-web', late.state)).status).toBe(400);
    clock = Date.now();
  });

  it('keeps next on this site', async () => {
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const visitor = new Visitor(app);
      const { state } = await startSignIn(visitor, '/accounts/login/wechatweb/', next);
      const res = await callback(visitor, 'ann-web', state);
      expect(res.headers.location, next).toBe('/');
    }
  });

  it('answers WeChat’s errcode, a slow WeChat and a declined consent with a page, never a session', async () => {
    const visitor = new Visitor(app);
    const bad = await callback(visitor, 'bad', (await startSignIn(visitor, '/accounts/login/weixin/', '/found')).state);
    expect(bad.status).toBe(502);
    expect(bad.text).toContain('WeChat did not answer');
    expect(bad.text).toContain('href="/found"');
    const slow = await callback(visitor, 'slow', (await startSignIn(visitor, '/accounts/login/weixin/')).state);
    expect(slow.status).toBe(502);
    expect((await callback(visitor, 'down', (await startSignIn(visitor, '/accounts/login/weixin/')).state)).status).toBe(502);
    const exchanges = fake.requests.filter((r) => r.url.startsWith('/sns/')).length;
    expect((await callback(visitor, 'x'.repeat(5000), (await startSignIn(visitor, '/accounts/login/weixin/')).state)).status).toBe(400);
    expect(fake.requests.filter((r) => r.url.startsWith('/sns/')).length).toBe(exchanges);
    const declined = await visitor.get(`/accounts/login/wechat/callback/?state=${(await startSignIn(visitor, '/accounts/login/weixin/')).state}`);
    expect(declined.status).toBe(400);
    expect((await visitor.get('/api/accounts/info/')).body).toEqual({});
  });
});

describe('WeChat JS-SDK signatures with credentials', async () => {
  const fake = await startFakeUpstream(wechat);
  const { app } = await wechatApp(fake.origin);
  const visitor = new Visitor(app);
  await visitor.open();
  afterAll(() => fake.close());

  it('signs this site’s pages without the hash, fetching the token and ticket once', async () => {
    const first = await visitor.post('/api/wechat/jsapi/url/', { url: `${ORIGIN}/article/demo/?a=1&b=2#comments` });
    expect(first.status).toBe(200);
    const { appId, timestamp, nonceStr, signature } = first.body as { appId: string; timestamp: number; nonceStr: string; signature: string };
    expect(appId).toBe(MP.appId);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(nonceStr).toMatch(/^[A-Za-z0-9]{8,32}$/);
    const expected = createHash('sha1')
      .update(`jsapi_ticket=${TICKET}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${ORIGIN}/article/demo/?a=1&b=2`)
      .digest('hex');
    expect(signature).toBe(expected);

    expect((await visitor.post('/api/wechat/jsapi/url/', { url: `${ORIGIN}/found` })).status).toBe(200);
    expect(fake.requests.filter((r) => r.url.startsWith('/cgi-bin/token')).length).toBe(1);
    expect(fake.requests.filter((r) => r.url.startsWith('/cgi-bin/ticket/getticket')).length).toBe(1);
    const tokenCall = new URL(fake.requests.find((r) => r.url.startsWith('/cgi-bin/token'))?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(tokenCall)).toEqual({ grant_type: 'client_credential', appid: MP.appId, secret: MP.secret });
  });

  it('refuses another site’s pages, bad input and calls without CSRF', async () => {
    for (const url of ['https://evil.example/article/demo/', 'http://zine.test.evil.example/', 'https://zine.test/', 'javascript:alert(1)', 42]) {
      const res = await visitor.post('/api/wechat/jsapi/url/', { url });
      expect(res.status, String(url)).toBe(400);
      expect(res.body.signature).toBeUndefined();
    }
    expect(
      (
        await request(app)
          .post('/api/wechat/jsapi/url/')
          .send({ url: `${ORIGIN}/` })
      ).status,
    ).toBe(403);
  });

  it('answers 502 in the DRF shape when WeChat refuses', async () => {
    const refusing = await startFakeUpstream((_req, res) => sendJson(res, 200, { errcode: 40013, errmsg: 'invalid appid' }));
    const other = await wechatApp(refusing.origin);
    const v = new Visitor(other.app);
    await v.open();
    const res = await v.post('/api/wechat/jsapi/url/', { url: `${ORIGIN}/` });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ detail: 'WeChat did not answer. Please try again later.' });
    await refusing.close();
  });
});

describe('the JS-SDK in the chat-app browser', async () => {
  const CHAT_APP =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN';
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const sdkAllowed = (res: request.Response) => String(res.headers['content-security-policy']).includes('res.wx.qq.com');
  const announced = (res: request.Response) => /"wechatSdkUrl":"https:\/\/res\.wx\.qq\.com/.test(res.text);

  it('is loaded (allowed and announced) there when the official account can sign pages, and nowhere else', async () => {
    const { app } = await testApp({ config: { publicOrigin: ORIGIN, wechat: { mp: MP, openBase: OPEN, apiBase: OPEN, timeoutMs: 300 } } });
    const inside = await request(app).get('/found').set('User-Agent', CHAT_APP);
    expect(sdkAllowed(inside)).toBe(true);
    expect(announced(inside)).toBe(true);
    const outside = await request(app).get('/found').set('User-Agent', CHROME);
    expect(sdkAllowed(outside)).toBe(false);
    expect(announced(outside)).toBe(false);
  });

  it('is not loaded there without credentials (nothing to sign)', async () => {
    const { app } = await testApp({ config: { publicOrigin: ORIGIN } });
    const inside = await request(app).get('/found').set('User-Agent', CHAT_APP);
    expect(sdkAllowed(inside)).toBe(false);
    expect(announced(inside)).toBe(false);
  });
});
