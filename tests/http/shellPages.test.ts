import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { jsonBlock, testApp } from '../support/testApp';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';

/** The rendered page, without the state block before it. */
function bodyOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'));
}

describe('the app download page', () => {
  it('links the stores the environment names, the reader’s system first, with the sign-up notice', async () => {
    const { app } = await testApp({
      config: { appLinks: { ios: 'https://apps.example/zine-ios', android: 'https://play.example/zine-android' } },
    });
    const res = await request(app).get('/apps/download/').set('User-Agent', IPHONE).expect(200);
    const body = bodyOf(res.text);
    expect(body).toContain('Sign-up happens in the app');
    expect(body.indexOf('href="https://apps.example/zine-ios"')).toBeGreaterThan(0);
    expect(body.indexOf('href="https://apps.example/zine-ios"')).toBeLessThan(body.indexOf('href="https://play.example/zine-android"'));
    expect(res.text).not.toContain('Coming soon');
    expect((jsonBlock(res.text, '__STATE__') as { env: { appLinks: unknown } }).env.appLinks).toEqual({
      ios: 'https://apps.example/zine-ios',
      android: 'https://play.example/zine-android',
    });
    const android = await request(app).get('/apps/download/?__lang=zh-CN').set('User-Agent', ANDROID_WECHAT).expect(200);
    expect(bodyOf(android.text).indexOf('https://play.example/zine-android')).toBeLessThan(bodyOf(android.text).indexOf('https://apps.example/zine-ios'));
    expect(android.text).toContain('在浏览器中打开');
    expect(android.text).toContain('注册需在 App 中完成');
  });

  // It builds a second app with its own fresh database (a schema and every migration on PostgreSQL): 30 s is a hang guard, not a time budget.
  it('says "coming soon" for a store without a link, and leaves the links out of other pages’ state', async () => {
    const { app } = await testApp({ config: { appLinks: { android: 'https://play.example/zine-android' } } });
    const res = await request(app).get('/apps/download').expect(200);
    expect(res.text).toMatch(/Download on the App Store<small>Coming soon<\/small>/);
    expect(res.text).toContain('href="https://play.example/zine-android"');
    const bare = await testApp();
    const page = await request(bare.app).get('/apps/download').expect(200);
    expect(page.text.match(/Coming soon/g)).toHaveLength(2);
    expect((jsonBlock(page.text, '__STATE__') as { env: Record<string, unknown> }).env).not.toHaveProperty('appLinks');
  }, 30_000);
});

describe('the SMS code page', () => {
  it('renders the phone form in each language', async () => {
    const { app } = await testApp();
    const en = await request(app).get('/h5/sms_code/').expect(200);
    expect(en.text).toContain('<label class="sms-page__label" for="sms-phone">Phone number</label>');
    expect(en.text).toContain('autoComplete="tel"');
    const zh = await request(app).get('/h5/sms_code?__lang=zh-TW').expect(200);
    expect(zh.text).toContain('獲取驗證碼');
  });
});
