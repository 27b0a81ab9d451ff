import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWalletByEmail } from '../../server/payments/walletCredit';
import { seedDemo } from '../../server/startup/seed/demo';
import { launchBrowser, watchForErrors } from '../support/browser';
import type { DemoSite, LiveServer } from '../support/demoSite';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser | undefined;
let server: LiveServer | undefined;
// The demo, with room for one sign-in per journey (the default allows 10 per address).
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ deps: { limits: { signIn: 100, reset: 100 } } })]);
  await seedDemo(server.database.db, Date.now);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const site: DemoSite = {
  get browser(): Browser {
    if (!browser) throw new Error('no browser yet');
    return browser;
  },
  get server(): LiveServer {
    if (!server) throw new Error('no server yet');
    return server;
  },
};

const CHAPTER = '/booklet/the-walkers-notebook/the-notebook-habit';
/** Words of the demo booklet's first paid chapter: a buyer reads them, nobody else does. */
const PAID_WORDS = 'Carry a notebook small enough to forget';

const TEXTS = {
  en: {
    vipCard: 'VIP One-off',
    buyMonth: 'Buy a month',
    web: 'Pay online (Alipay)',
    pay: 'Pay',
    balance: /^Wallet balance/,
    success: 'Success',
    failed: 'Failed',
    retry: 'Retry',
    done: 'Done',
    creating: 'Creating an order...',
    member: /^Your membership: VIP, until \d{4}-\d{2}-\d{2}\.$/,
    buy: 'Buy for ¥12.00',
    order: 'VIP, one month',
    paid: 'Paid',
    orderedBooklet: "Booklet “The Walker's Notebook”",
    walletPurchase: "Purchase: Booklet “The Walker's Notebook”",
  },
  'zh-CN': {
    vipCard: 'VIP 会员 单次购买',
    buyMonth: '购买一个月',
    web: '网页支付（支付宝）',
    pay: '支付',
    balance: /^钱包余额/,
    success: '支付成功',
    failed: '支付失败',
    retry: '重试',
    done: '完成',
    creating: '正在创建订单...',
    member: /^您的会员：VIP 会员，有效期至 \d{4}-\d{2}-\d{2}。$/,
    buy: '购买 ¥12.00',
    order: 'VIP 会员（一个月）',
    paid: '已支付',
    orderedBooklet: "小册《The Walker's Notebook》",
    walletPurchase: "购买小册《The Walker's Notebook》",
  },
} as const;

const COMBINATIONS = [
  ['en', 1280],
  ['en', 375],
  ['zh-CN', 1280],
  ['zh-CN', 375],
] as const;

let people = 0;

/** A fresh account signed in through the API in a new browser context with the reader's language. */
async function buyer(
  locale: keyof typeof TEXTS,
  width: number,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page; email: string; id: number }> {
  const person = await createPerson(site.server.database, `buyer${++people}`);
  const email = `${person.username}@example.com`;
  const context = await site.browser.newContext({ viewport: { width, height: 800 }, locale, ...(userAgent ? { userAgent } : {}) });
  await context.request.get(`${site.server.origin}/`);
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await context.request.post(`${site.server.origin}/api/accounts/login/cookies/`, {
    headers: { 'X-CSRFToken': csrf },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return { context, page: await context.newPage(), email, id: person.id };
}

async function credit(email: string, cents: number): Promise<void> {
  await creditWalletByEmail({ db: site.server.database.db, now: Date.now }, email, cents, 'test credit');
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
}

async function fitsTheScreen(page: Page, selector: string, width: number): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  expect(box).not.toBeNull();
  expect(box?.width).toBeLessThanOrEqual(Math.min(500, width));
  if (width <= 548) expect(box?.width).toBe(width);
}

describe('paying in Chromium', () => {
  it.each(COMBINATIONS)('buys a VIP month with the sandbox web pay and gets the VIP badge (%s, %i px)', async (locale, width) => {
    const texts = TEXTS[locale];
    const { context, page } = await buyer(locale, width);
    // The sandbox checkout page (server/web/sandboxCheckout.ts) links no icon: the browser's /favicon.ico is a 404.
    const problems = watchForErrors(page, [/status of 404/]);
    await page.goto(`${site.server.origin}/member/`);
    await hydrated(page);
    expect(await page.locator('.profile__badge--vip').count()).toBe(0);
    const card = page.getByRole('region', { name: texts.vipCard });
    await card.getByText('¥78.00').waitFor();
    await card.locator('s', { hasText: '¥936.00' }).waitFor();
    await card.getByRole('button', { name: texts.buyMonth }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('¥78.00').waitFor();
    await fitsTheScreen(page, '.payment__box', width);
    await dialog.getByRole('button', { name: texts.web }).click();
    await page.waitForURL('**/payments/sandbox/checkout/**');
    await page.getByRole('button', { name: texts.pay, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/member/');
    await hydrated(page);
    await page.locator('.profile__badge--vip').waitFor();
    await page.getByRole('status').filter({ hasText: texts.member }).waitFor();
    // The past orders list it, paid.
    await page.goto(`${site.server.origin}/profile/orders/`);
    await hydrated(page);
    const row = page.locator('.orders-list li', { hasText: texts.order });
    await row.getByText('¥78.00').waitFor();
    await row.getByText(texts.paid, { exact: true }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('keeps a signed-out Buy on /member until the reader signs in, then opens the payment panel', async () => {
    const person = await createPerson(site.server.database, `buyer${++people}`);
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/member/`);
    await hydrated(page);
    await page.getByRole('region', { name: TEXTS.en.vipCard }).getByRole('button', { name: TEXTS.en.buyMonth }).click();
    const overlay = page.getByRole('dialog', { name: 'Sign in to continue' });
    await overlay.getByLabel('E-mail').fill(`${person.username}@example.com`);
    await overlay.getByLabel('Password').fill(PASSWORD);
    await overlay.getByRole('button', { name: 'Sign In' }).click();
    await overlay.waitFor({ state: 'detached' });
    const panel = page.getByRole('dialog');
    await panel.getByText('¥78.00').waitFor();
    await panel.getByRole('button', { name: TEXTS.en.balance }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('zine:state') ?? '{}').deferredTasks)).toEqual([]);
    // No order until the reader chooses how to pay: then it is created and paid.
    const orders = () => site.server.database.db.selectFrom('orders').select(['ref', 'status']).where('user_id', '=', person.id).execute();
    expect(await orders()).toEqual([]);
    await creditWalletByEmail({ db: site.server.database.db, now: Date.now }, `${person.username}@example.com`, 7_800, 'test credit');
    await panel.getByRole('button', { name: TEXTS.en.balance }).click();
    await panel.getByText(TEXTS.en.success, { exact: true }).waitFor();
    expect((await orders()).map((o) => o.status)).toEqual(['paid']);
    // The order's creation is tracked with its id.
    const order = await site.server.database.db.selectFrom('orders').select('ref').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    await expect
      .poll(async () =>
        (await site.server.database.db.selectFrom('tracking_events').select('event').where('order_id', '=', order.ref).execute()).map((e) => e.event),
      )
      .toContain('order_created');
    await context.close();
    expect(problems).toEqual([]);
  });

  it.each(COMBINATIONS)('buys the booklet from the wallet and reads its paid chapter at once (%s, %i px)', async (locale, width) => {
    const texts = TEXTS[locale];
    const { context, page, email } = await buyer(locale, width);
    await credit(email, 2000);
    const problems = watchForErrors(page);
    await page.goto(site.server.origin + CHAPTER);
    await hydrated(page);
    expect(await page.content()).not.toContain(PAID_WORDS);
    await page.getByRole('button', { name: texts.buy }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¥20.00').waitFor();
    await fitsTheScreen(page, '.payment__box', width);
    await dialog.getByRole('button', { name: texts.balance }).click();
    await dialog.getByText(texts.success, { exact: true }).waitFor();
    // The chapter opens behind the panel, without a reload.
    await page.getByText(PAID_WORDS).waitFor();
    await dialog.getByRole('button', { name: texts.done }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.booklet-paywall').count()).toBe(0);
    // The order and the wallet name what was bought, in the reader's language.
    await page.goto(`${site.server.origin}/profile/orders/`);
    await page.locator('.orders-list li').getByRole('link', { name: texts.orderedBooklet }).waitFor();
    await page.goto(`${site.server.origin}/profile/wallet/`);
    await page.locator('.wallet-list li', { hasText: texts.walletPurchase }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it.each([COMBINATIONS[0], COMBINATIONS[3]])(
    'shows a failed payment with the server message, and Retry lets the reader pay (%s, %i px)',
    async (locale, width) => {
      const texts = TEXTS[locale];
      const { context, page, email } = await buyer(locale, width);
      const problems = watchForErrors(page, [/status of 400/]);
      await page.goto(site.server.origin + CHAPTER);
      await hydrated(page);
      await page.getByRole('button', { name: texts.buy }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: texts.balance }).click();
      await dialog.getByText(texts.failed, { exact: true }).waitFor();
      const message = await dialog.getByRole('alert').textContent();
      expect(message).toMatch(/balance|余额/i);

      await credit(email, 1200);
      await dialog.getByRole('button', { name: texts.retry }).click();
      await dialog.getByRole('button', { name: texts.balance }).click();
      await dialog.getByText(texts.success, { exact: true }).waitFor();
      await page.getByText(PAID_WORDS).waitFor();
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it.each([COMBINATIONS[1], COMBINATIONS[2]])(
    'withdraws in the chat-app browser after the payment login; a zero amount does nothing (%s, %i px)',
    async (locale, width) => {
      const WECHAT_UA =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
      const { context, page, email, id } = await buyer(locale, width, WECHAT_UA);
      await credit(email, 5000);
      // The sandbox payment login answers with this open id; the account must have it linked.
      await site.server.database.db
        .insertInto('wechat_identities')
        .values({ user_id: id, app: 'mp', openid: `sandbox_openid_${id}`, unionid: null, created_at: Date.now() })
        .execute();
      const problems = watchForErrors(page);
      await page.goto(`${site.server.origin}/profile/wallet/`);
      await hydrated(page);
      await page.getByTestId('wallet-balance').getByText('¥50.00').waitFor();
      await page.getByRole('link', { name: locale === 'en' ? 'Confirm your WeChat account to withdraw' : '确认微信账号后提现' }).click();
      await page.waitForURL((url) => url.pathname === '/profile/wallet/' && url.searchParams.has('openid'));
      await hydrated(page);
      const amount = page.getByLabel(locale === 'en' ? 'Amount (¥)' : '金额（¥）');
      const submit = page.getByRole('button', { name: locale === 'en' ? 'Withdraw' : '提现', exact: true });
      await amount.fill('0');
      await submit.click();
      await page.waitForTimeout(300);
      expect(await page.getByRole('status').count()).toBe(0);
      await amount.fill('12.5');
      await submit.click();
      await page.getByRole('status').filter({ hasText: '¥12.50' }).waitFor();
      await page.getByTestId('wallet-balance').getByText('¥37.50').waitFor();
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it('in the mini program the panel says payment is unsupported and gives the order number (en, 375 px)', async () => {
    const MINI_UA =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/en miniProgram';
    const { context, page } = await buyer('en', 375, MINI_UA);
    const problems = watchForErrors(page);
    // The mini program's pages load the chat app's JS-SDK; this machine has no network, so a stand-in.
    await page.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.wx={miniProgram:{navigateTo:function(){}}};' }),
    );
    await page.goto(site.server.origin + CHAPTER);
    await hydrated(page);
    await page.getByRole('button', { name: TEXTS.en.buy }).click();
    const notice = page.getByRole('dialog').getByText(/^Payment is not supported in the mini program\. Your order number is \S+\.$/);
    await notice.waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: TEXTS.en.balance }).count()).toBe(0);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("buys the booklet from its chapter's article page, which then shows the chapter (en, 1280 px)", async () => {
    const { context, page, email } = await buyer('en', 1280);
    await credit(email, 1200);
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/article/the-walkers-notebook-the-notebook-habit/`);
    await hydrated(page);
    await page.getByRole('button', { name: TEXTS.en.buy }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: TEXTS.en.balance }).click();
    await dialog.getByText(TEXTS.en.success, { exact: true }).waitFor();
    await page.getByText(PAID_WORDS).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('on desktop the sandbox’s WeChat Pay QR code leads to its checkout; paid there, the panel turns to success by polling (en, 1280 px)', async () => {
    const { context, page } = await buyer('en', 1280);
    // The sandbox checkout page links no icon: the browser's /favicon.ico is a 404.
    const problems = watchForErrors(page, [/status of 404/]);
    await page.goto(site.server.origin + CHAPTER);
    await hydrated(page);
    await page.getByRole('button', { name: TEXTS.en.buy }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'WeChat Pay (QR code)' }).click();
    const qr = dialog.getByRole('img', { name: 'WeChat Pay QR code' });
    const checkout = new URL((await qr.getAttribute('data-code-url')) ?? '');
    expect(checkout.pathname).toMatch(/^\/payments\/sandbox\/checkout\//);
    expect(await dialog.getByRole('link', { name: 'Open the sandbox checkout' }).getAttribute('href')).toBe(checkout.href);
    // The payer opens what the code encodes (as WeChat's scanner would) and pays there.
    const phone = await context.newPage();
    await phone.goto(checkout.href);
    await phone.getByRole('button', { name: TEXTS.en.pay, exact: true }).click();
    await dialog.getByText(TEXTS.en.success, { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText(PAID_WORDS).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('pays with WeChat Pay in the chat-app browser: the payment login first, then the sandbox checkout, failed then paid (zh-CN, 375 px)', async () => {
    const WECHAT_UA =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
    const { context, page } = await buyer('zh-CN', 375, WECHAT_UA);
    // The bridge must not be asked to pay a sandbox order (the real one would fail): the checkout page takes it.
    await context.addInitScript(() => {
      Reflect.set(window, 'WeixinJSBridge', { invoke: () => Reflect.set(window, '__bridgeAsked', true) });
    });
    // The sandbox checkout page links no icon: the browser's /favicon.ico is a 404.
    const problems = watchForErrors(page, [/status of 404/]);
    await page.goto(site.server.origin + CHAPTER);
    await hydrated(page);
    await page.getByRole('button', { name: TEXTS['zh-CN'].buy }).click();
    await page.getByRole('dialog').getByRole('button', { name: '微信支付' }).click();
    // No payment open id yet: the payment login, back to the chapter with one.
    await page.waitForURL((url) => url.pathname === CHAPTER && url.searchParams.has('openid'));
    await hydrated(page);
    // The payer fails the payment on the checkout page: back on the chapter, still locked.
    await page.getByRole('button', { name: TEXTS['zh-CN'].buy }).click();
    await page.getByRole('dialog').getByRole('button', { name: '微信支付' }).click();
    await page.waitForURL('**/payments/sandbox/checkout/**');
    await page.getByRole('button', { name: '支付失败', exact: true }).click();
    await page.waitForURL((url) => url.pathname === CHAPTER);
    await hydrated(page);
    expect(await page.content()).not.toContain(PAID_WORDS);
    // Then pays: the chapter opens.
    await page.getByRole('button', { name: TEXTS['zh-CN'].buy }).click();
    await page.getByRole('dialog').getByRole('button', { name: '微信支付' }).click();
    await page.waitForURL('**/payments/sandbox/checkout/**');
    await page.getByRole('button', { name: TEXTS['zh-CN'].pay, exact: true }).click();
    await page.waitForURL((url) => url.pathname === CHAPTER);
    await hydrated(page);
    await page.getByText(PAID_WORDS).waitFor();
    expect(await page.evaluate(() => Reflect.has(window, '__bridgeAsked'))).toBe(false);
    await context.close();
    expect(problems).toEqual([]);
  });
});
