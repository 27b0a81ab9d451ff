import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { jsonBlock, testApp } from '../support/testApp';

const app = (await testApp()).app;

describe('locale and client type per request', () => {
  it.each([
    ['en-US,en;q=0.9', 'en', 'Discover the Fun of Creation'],
    ['zh-CN,zh;q=0.9', 'zh-CN', '发现创作的乐趣'],
    ['zh-Hant-TW', 'zh-TW', '發現創作的樂趣'],
    ['zh-HK,zh;q=0.8', 'zh-CN', '发现创作的乐趣'],
    ['ja-JP', 'en', 'Discover the Fun of Creation'],
    ['fr-FR', 'en', 'Discover the Fun of Creation'],
  ])('Accept-Language %s renders <html lang=%s>', async (header, lang, slogan) => {
    const res = await request(app).get('/').set('Accept-Language', header).expect(200);
    expect(res.text).toContain(`<html lang="${lang}">`);
    expect(res.text).toContain(slogan);
  });

  it('keeps ja as the detected locale in the snapshot', async () => {
    const res = await request(app).get('/').set('Accept-Language', 'ja').expect(200);
    expect((jsonBlock(res.text, '__STATE__') as { env: { locale: string } }).env.locale).toBe('ja');
  });

  it('lets __lang override the header and remembers it in a cookie', async () => {
    const res = await request(app).get('/found/?__lang=zh-TW').set('Accept-Language', 'en').expect(200);
    expect(res.text).toContain('<html lang="zh-TW">');
    const cookie = langCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__lang=zh-TW; Max-Age=\d+; Path=\/; Expires=.*; SameSite=Lax$/);

    const later = await request(app).get('/').set('Cookie', '__lang=zh-TW').set('Accept-Language', 'en').expect(200);
    expect(later.text).toContain('<html lang="zh-TW">');
    expect(langCookie(later.headers['set-cookie'])).toBeUndefined();
  });

  it('ignores an unsupported __lang and a junk cookie', async () => {
    const res = await request(app).get('/?__lang=<script>').set('Cookie', '__lang=xx').set('Accept-Language', 'zh').expect(200);
    expect(res.text).toContain('<html lang="zh-CN">');
    expect(langCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it('detects the client type once and serialises it', async () => {
    const res = await request(app)
      .get('/')
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) MicroMessenger/8.0.47 miniProgram')
      .expect(200);
    const state = jsonBlock(res.text, '__STATE__') as { env: { clientType: unknown } };
    expect(state.env.clientType).toEqual({ shell: 'miniprogram', os: 'ios' });
  });
});

function langCookie(header: string | string[] | undefined): string | undefined {
  return ([] as string[]).concat(header ?? []).find((c) => c.startsWith('__lang='));
}
