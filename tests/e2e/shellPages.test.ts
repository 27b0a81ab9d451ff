import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const site = demoSite();

/** The code the outbox holds for a number (the newest file), or null. */
function codeFor(phone: string): string | null {
  const dir = site.server.outboxDir;
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('sms-'))
    .map((f) => path.join(dir, f))
    .filter((f) => fs.readFileSync(f, 'utf8').startsWith(`To: ${phone}\n`))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  const last = files.at(-1);
  return last ? (/\b(\d{6})\b/.exec(fs.readFileSync(last, 'utf8'))?.[1] ?? null) : null;
}

async function waitForCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = codeFor(phone);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${phone} in the outbox`);
}

describe('the SMS code page in Chromium', () => {
  it.each([
    [
      'en',
      1280,
      '13800138011',
      '+8613800138011',
      {
        phone: 'Phone number',
        send: 'Send code',
        code: 'Verification code',
        verify: 'Verify',
        wrong: 'The code is not correct',
        done: 'is verified',
        bad: 'Please enter a valid phone number',
      },
    ],
    [
      'zh-CN',
      375,
      '13800138012',
      '+8613800138012',
      { phone: '手机号码', send: '获取验证码', code: '验证码', verify: '验证', wrong: '验证码不正确', done: '已验证', bad: '请输入有效的手机号码' },
    ],
  ] as const)('verifies a number with the code from the outbox, after a bad number and a wrong code (%s, %i px)', async (lang, width, typed, phone, text) => {
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page, [/status of 400/]);
    await page.goto(`${site.server.origin}/h5/sms_code/?__lang=${lang}`);
    await page.waitForSelector('html[data-hydrated="true"]');

    await page.getByLabel(text.phone).fill('12345');
    await page.getByRole('button', { name: text.send }).click();
    await page.getByRole('alert').filter({ hasText: text.bad }).waitFor();

    await page.getByLabel(text.phone).fill(typed);
    await page.getByRole('button', { name: text.send }).click();
    await page.getByText(phone).waitFor();
    const code = await waitForCode(phone);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(text.code, { exact: true }).fill(wrong);
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: text.wrong }).waitFor();
    // Resending waits a minute: the button counts down.
    expect(await page.locator('.sms-page__actions button').first().isDisabled()).toBe(true);

    await page.getByLabel(text.code, { exact: true }).fill(code);
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    await page.getByRole('status').filter({ hasText: text.done }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('the static pages in Chromium', () => {
  const pages = [
    '/page/column/agreement/',
    '/page/privacy/cn/',
    '/page/privacy/policy/',
    '/page/service/member/',
    '/page/service/terms/',
    '/page/withdraw/rules/',
    '/page/guide/',
  ];
  it.each([
    ['en', 1280, 'Terms of Service and Content Policy', '3. Content Policy'],
    ['zh-CN', 375, '服务条款与内容规范', '三、内容规范'],
  ] as const)('render their text and keep it through hydration (%s, %i px)', async (lang, width, termsTitle, termsHeading) => {
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page);
    for (const url of pages) {
      const response = await page.goto(`${site.server.origin}${url}?__lang=${lang}`);
      expect(response?.status(), url).toBe(200);
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.locator('.static-page__section h2').count(), url).toBeGreaterThanOrEqual(5);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, url).toBe(false);
    }
    // A client-side navigation loads the other page's text chunk.
    await page.goto(`${site.server.origin}/page/guide/?__lang=${lang}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('footer a[href="/page/service/terms/"]').click();
    await page.locator('h1', { hasText: termsTitle }).waitFor();
    await page.locator('h2', { hasText: termsHeading }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('the share adapter in Chromium', () => {
  const WECHAT =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';

  it('asks for a signature of each page inside the chat-app browser only', async () => {
    const calls: string[] = [];
    const chat = await site.browser.newContext({ userAgent: WECHAT, viewport: { width: 375, height: 800 } });
    const page = await chat.newPage();
    const problems = watchForErrors(page, [/status of 404/]);
    page.on('request', (r) => {
      if (r.url().endsWith('/api/wechat/jsapi/url/')) calls.push(JSON.parse(r.postData() ?? '{}').url);
    });
    await page.goto(`${site.server.origin}/page/guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toBe(`${site.server.origin}/page/guide/`);
    // The error screen carries it too: its frame is the pages' (client/components/SiteFrame.tsx).
    const missing = await page.goto(`${site.server.origin}/no/such/page/`);
    expect(missing?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]).toBe(`${site.server.origin}/no/such/page/`);
    await chat.close();
    expect(problems).toEqual([]);

    const plain = await site.browser.newPage();
    const plainCalls: string[] = [];
    plain.on('request', (r) => {
      if (r.url().includes('/api/wechat/')) plainCalls.push(r.url());
    });
    await plain.goto(`${site.server.origin}/page/guide/`);
    await plain.waitForSelector('html[data-hydrated="true"]');
    await plain.waitForTimeout(300);
    expect(plainCalls).toEqual([]);
    await plain.close();
  });
});

describe('the business page in Chromium', () => {
  it.each([
    ['en', 1280, 'Contact us', 'Feedback'],
    ['zh-CN', 375, '联系我们', '意见反馈'],
  ] as const)('opens the feedback popup from its call to action (%s, %i px)', async (lang, width, contact, feedbackTitle) => {
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/business/?__lang=${lang}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.business-page__offer').count()).toBe(4);
    await page.getByRole('button', { name: contact, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('#feedback-title').textContent()).toBe(feedbackTitle);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('link prefetch in Chromium', () => {
  /** The page chunks a page asks for after it has hydrated, while the pointer rests on the footer's content-policy link. */
  async function chunksOnHover(connection: { effectiveType: string; saveData: boolean } | null): Promise<string[]> {
    const page = await site.browser.newPage();
    if (connection) {
      await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
    }
    await page.goto(`${site.server.origin}/found/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const requested: string[] = [];
    page.on('request', (r) => {
      if (/\/static\/.*\.js$/.test(r.url())) requested.push(r.url());
    });
    await page.locator('footer a[href="/page/service/terms/"]').hover();
    await page.waitForTimeout(500);
    await page.close();
    return requested;
  }

  it('loads the linked page’s code on hover, but not on 2g or with the data saver', async () => {
    expect((await chunksOnHover({ effectiveType: '4g', saveData: false })).length).toBeGreaterThan(0);
    expect(await chunksOnHover({ effectiveType: '2g', saveData: false })).toEqual([]);
    expect(await chunksOnHover({ effectiveType: 'slow-2g', saveData: false })).toEqual([]);
    expect(await chunksOnHover({ effectiveType: '4g', saveData: true })).toEqual([]);
  });
});

describe('the account screens in Chromium', () => {
  it.each([
    ['banned', 'en', 1280, 'Account Banned', false],
    ['suspended', 'zh-CN', 375, '账号已暂停', false],
    ['expired', 'zh-CN', 1280, '会员已过期', true],
  ] as const)('a column whose owner is %s shows its screen with 403 (%s, %i px)', async (state, lang, width, title, buyLink) => {
    const { createPerson } = await import('../support/people');
    const name = `h_${state}${width}`;
    const person = await createPerson(site.server.database, name, state === 'expired' ? {} : { status: state });
    if (state === 'expired') {
      await site.server.database.db
        .updateTable('users')
        .set({ membership_tier: 'premium', membership_expires_at: Date.now() - 1 })
        .where('id', '=', person.id)
        .execute();
    }
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page, [/status of 403/]);
    const response = await page.goto(`${site.server.origin}/@${name}/?__lang=${lang}`);
    expect(response?.status()).toBe(403);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: title }).waitFor();
    expect(await page.title()).toBe(`${title} - Zine`);
    expect(await page.locator('a[href="/member/"][target="_blank"]').count()).toBe(buyLink ? 1 : 0);
    await page.close();
    expect(problems).toEqual([]);
  });
});
