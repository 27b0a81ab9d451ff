import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort, sendJson, startFakeUpstream } from '../support/fakeUpstream';
import { jsonBlock, testApp } from '../support/testApp';

const api = await startFakeUpstream((req, res) => {
  if (req.url.startsWith('/api/slow/')) return; // never answers
  if (req.url === '/api/accounts/info/') {
    const signedIn = (req.headers.cookie ?? '').includes('sessionid=upstream-session');
    return sendJson(res, 200, signedIn ? { id: 42, username: 'upstream_ann' } : {});
  }
  if (req.url.startsWith('/api/v2/articles/public/')) {
    return sendJson(res, 200, { count: 0, next: null, previous: null, results: [] });
  }
  if (req.url === '/api/accounts/login/cookies/') {
    return sendJson(res, 200, { id: 42 }, { 'Set-Cookie': 'sessionid=upstream-session; HttpOnly; Path=/; SameSite=Lax' });
  }
  sendJson(res, 200, { from: 'api', url: req.url });
});
const messages = await startFakeUpstream((req, res) => sendJson(res, 200, { from: 'messages', url: req.url }));

afterAll(async () => {
  await Promise.all([api.close(), messages.close()]);
});

const proxied = (await testApp({ config: { apiUpstream: api.origin, messageUpstream: messages.origin, upstreamTimeoutMs: 400 } })).app;

describe('proxy mode (API_UPSTREAM)', () => {
  it('streams a POST body to the upstream byte for byte, with cookies and the CSRF header', async () => {
    const body = Buffer.concat([Buffer.from('{"text":"你好 <b>&</b>"}'), randomBytes(64 * 1024)]);
    const res = await request(proxied)
      .post('/api/echo/?x=1')
      .set('Content-Type', 'application/octet-stream')
      .set('Cookie', 'sessionid=abc; csrftoken=tok123')
      .set('X-CSRFToken', 'tok123')
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ from: 'api', url: '/api/echo/?x=1' });
    const arrived = api.requests.at(-1);
    expect(arrived?.body.equals(body)).toBe(true);
    expect(arrived?.headers.cookie).toBe('sessionid=abc; csrftoken=tok123');
    expect(arrived?.headers['x-csrftoken']).toBe('tok123');
    expect(arrived?.headers['content-type']).toBe('application/octet-stream');
  });

  it('forwards the pages’ tracking images at /log to the upstream', async () => {
    const res = await request(proxied).get('/log?event=page_view&page=article&uid=u1').set('Cookie', 'zine_stat_uid=u1').expect(200);
    expect(res.body).toEqual({ from: 'api', url: '/log?event=page_view&page=article&uid=u1' });
    expect(api.requests.at(-1)?.headers.cookie).toBe('zine_stat_uid=u1');
    // Only /log itself: a page whose path starts with it is still a page.
    expect((await request(proxied).get('/logbook/')).status).not.toBe(200);
  });

  it('passes the upstream’s cookies back to the browser', async () => {
    const res = await request(proxied).post('/api/accounts/login/cookies/').send({ email: 'a@b.co', password: 'x' });
    expect(res.headers['set-cookie']?.[0]).toMatch(/^sessionid=upstream-session/);
  });

  it('sends notification calls to the messaging service and the rest to the API', async () => {
    const note = await request(proxied).get('/api/notification/count/?filter=unread').expect(200);
    expect(note.body).toEqual({ from: 'messages', url: '/api/notification/count/?filter=unread' });
    const other = await request(proxied).get('/api/notifications-elsewhere/').expect(200);
    expect(other.body.from).toBe('api');
  });

  it('renders pages with the upstream’s data, as the reader', async () => {
    const res = await request(proxied).get('/').set('Cookie', 'sessionid=upstream-session').expect(200);
    expect(res.text).toContain('upstream_ann');
    const anonymous = await request(proxied).get('/').expect(200);
    expect(anonymous.text).not.toContain('upstream_ann');
  });

  it('answers 504 in the DRF shape when the upstream stalls, and does not hang', async () => {
    const started = Date.now();
    const res = await request(proxied).get('/api/slow/').expect(504);
    expect(res.body.detail).toMatch(/^Gateway Timeout/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 502 when the upstream is down, and pages render their error screen', async () => {
    const down = (
      await testApp({
        config: { apiUpstream: `http://127.0.0.1:${await closedPort()}`, upstreamTimeoutMs: 400, metricsToken: 'a-metrics-token-for-the-proxy' },
      })
    ).app;
    const res = await request(down).post('/api/accounts/login/cookies/').send({}).expect(502);
    expect(res.body).toEqual({ detail: expect.stringMatching(/^Bad Gateway/) });
    const page = await request(down).get('/found/').expect(502);
    expect(page.text).toContain('An error occurred');
    expect(page.text).toContain('Bad Gateway');
    // The red line the server rendered is in the snapshot too, so hydration matches it.
    expect(page.text).toContain('progress-line--error');
    expect((jsonBlock(page.text, '__STATE__') as { ui: { progress: string } }).ui.progress).toBe('error');
    expect((await request(down).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    const health = await request(down).get('/healthz').set('Authorization', 'Bearer a-metrics-token-for-the-proxy').expect(200);
    expect(health.body.api).toBe('upstream');
  });

  it('renders the error screen with 504 when the upstream is too slow for a page', async () => {
    const slow = await startFakeUpstream(() => {});
    const app = (await testApp({ config: { apiUpstream: slow.origin, upstreamTimeoutMs: 300 } })).app;
    const page = await request(app).get('/').expect(504);
    expect(page.text).toContain('Gateway Timeout');
    await slow.close();
  });
});
