import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../support/testApp';

describe('chat-app sign-in navigations without WeChat credentials', async () => {
  const { app } = await testApp();

  it('answers /accounts/login/weixin/ with a page saying it is not configured, and a way back', async () => {
    const res = await request(app).get('/accounts/login/weixin/?next=%2F%40ann%2F%3Fx%3D1').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Sign-in with WeChat is not configured on Zine.');
    expect(res.text).toContain('href="/@ann/?x=1"');
  });

  it('answers the QR frame /accounts/login/wechatweb/ the same way, in the reader’s language, without a link out', async () => {
    const res = await request(app).get('/accounts/login/wechatweb/?next=/&__lang=zh-CN').expect(200);
    expect(res.text).toContain('尚未配置微信登录');
    expect(res.text).toContain('<html lang="zh-CN">');
    expect(res.text).not.toContain('<a ');
    // Our own overlay frames it; no other site may.
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('keeps next on this site and escapes it', async () => {
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await request(app)
        .get(`/accounts/login/weixin/?next=${encodeURIComponent(next)}`)
        .expect(200);
      expect(res.text).toContain('href="/"');
      expect(res.text).not.toContain('evil.example');
    }
    const quoted = await request(app)
      .get(`/accounts/login/weixin/?next=${encodeURIComponent('/a"><script>alert(1)</script>')}`)
      .expect(200);
    expect(quoted.text).not.toContain('<script>alert(1)');
  });

  it('also answers without the trailing slash and for the payment sign-in', async () => {
    expect((await request(app).get('/accounts/login/weixin').expect(200)).text).toContain('not configured');
  });

  it('answers the payment sign-in in sandbox mode: back to next with a sandbox openid (decision 025)', async () => {
    const res = await request(app).get('/accounts/login/wechat_payment/?next=%2Fmember%2F').expect(302);
    expect(res.headers.location).toMatch(/^\/member\/\?openid=sandbox_openid_\d+$/);
    const offsite = await request(app).get('/accounts/login/wechat_payment/?next=https%3A%2F%2Fevil.example%2F').expect(302);
    expect(offsite.headers.location).toMatch(/^\/\?openid=/);
  });
});
