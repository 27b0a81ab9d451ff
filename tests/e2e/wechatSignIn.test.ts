import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { launchBrowser, watchForErrors } from '../support/browser';
import { sendJson, startFakeUpstream } from '../support/fakeUpstream';
import { startLiveServer } from '../support/liveServer';
import { createPerson } from '../support/people';

// Decision 017: with WeChat credentials the overlay's QR frame signs in, and the whole page
// (not the frame) lands on next, signed in. A fake WeChat "scans" at once: its QR page sends
// the frame straight back to our callback with a code.
const WEB = { appId: 'wxweb0000000000001', secret: 'websecret0000000000000000000001' };
let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let fake: Awaited<ReturnType<typeof startFakeUpstream>>;

beforeAll(async () => {
  fake = await startFakeUpstream((req, res) => {
    const url = new URL(req.url, 'http://fake');
    if (url.pathname === '/connect/qrconnect') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'ann-web');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() });
      return void res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') return sendJson(res, 200, { openid: 'o-web-ann', unionid: 'u-ann' });
    sendJson(res, 404, {});
  });
  const wechat: Config['wechat'] = { web: WEB, openBase: fake.origin, apiBase: fake.origin, timeoutMs: 2000 };
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ config: { wechat } })]);
  const ann = await createPerson(server.database, 'ann');
  await server.database.db
    .insertInto('wechat_identities')
    .values({ user_id: ann.id, app: 'web', openid: 'o-web-ann', unionid: 'u-ann', created_at: Date.now() })
    .execute();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

describe('WeChat QR sign-in with credentials, in Chromium', () => {
  it.each([
    ['en', 'Sign In', 'Sign in to continue', 'WeChat QR code', 'Account menu: ann'],
    ['zh-CN', '登录', '登录后继续', '微信扫码', '账户菜单: ann'],
  ] as const)('signs in from the overlay’s QR frame and lands the whole page on next (%s)', async (lang, signIn, dialogName, tab, menu) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/found?__lang=${lang}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.site-header').getByRole('link', { name: signIn }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.getByRole('tab', { name: tab }).click();
    // The signed-in header appears on the top page once it has moved to next.
    await page.locator(`html[data-hydrated="true"] .site-header [aria-label="${menu}"]`).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/found');
    expect(page.frames().length).toBe(1);
    const info = await page.evaluate(() => fetch('/api/accounts/info/').then((r) => r.json() as Promise<{ username?: string }>));
    expect(info.username).toBe('ann');
    await context.close();
    expect(problems).toEqual([]);
  });
});
