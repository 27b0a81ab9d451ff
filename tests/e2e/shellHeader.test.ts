import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/startup/seed/demo';
import { launchBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

// The header's Sign In and the overlay's modes, the profile menu,
// a deferred like, and feedback with auto-complete; in two languages at two widths.
const TEXTS = {
  en: {
    signInButton: 'Sign In',
    dialog: 'Sign in to continue',
    email: 'E-mail',
    password: 'Password',
    wrong: 'Account/Password not correct',
    menu: (u: string) => `Account menu: ${u}`,
    column: 'Enter Column',
    wallet: 'My Wallet',
    upgrade: 'Upgrade Membership',
    feedback: 'Feedback',
    guide: 'User Guide',
    mailSignIn: 'E-mail Sign In',
    signOut: 'Sign Out',
    tabWechat: 'WeChat QR code',
    tabMail: 'E-mail',
    wechatButton: 'Sign in with WeChat',
    content: 'Content',
    submit: 'Submit',
    needContent: 'Please input something',
    needEmail: 'Please input E-mail',
    sent: "We've received your feedback and will reply to you by email in one working day.",
    close: 'Close',
    forgot: 'Forgot password?',
    resetSubmit: 'Send reset mail',
    resetSent: 'Password reset mail has been sent to your mailbox.Please check it.',
    back: 'Back',
    like: 'Like',
    liked: 'Liked',
    notConfigured: 'Sign-in with WeChat is not configured',
  },
  'zh-CN': {
    signInButton: '登录',
    dialog: '登录后继续',
    email: '邮箱',
    password: '密码',
    wrong: '账号或密码不正确',
    menu: (u: string) => `账户菜单: ${u}`,
    column: '进入专栏',
    wallet: '我的钱包',
    upgrade: '升级会员',
    feedback: '意见反馈',
    guide: '使用指南',
    mailSignIn: '邮箱登录',
    signOut: '退出登录',
    tabWechat: '微信扫码',
    tabMail: '邮箱',
    wechatButton: '微信登录',
    content: '内容',
    submit: '提交',
    needContent: '请输入内容',
    needEmail: '请输入邮箱',
    sent: '我们已收到你的反馈，将在一个工作日内通过邮件回复你。',
    close: '关闭',
    forgot: '忘记密码？',
    resetSubmit: '发送重置邮件',
    resetSent: '密码重置邮件已发送到你的邮箱，请查收。',
    back: '返回',
    like: '点赞',
    liked: '已点赞',
    notConfigured: '尚未配置微信登录',
  },
} as const;

const ARTICLE = 'the-art-of-the-second-draft';
let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
// Sixteen sign-ins from one address: more than the default limit allows.
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ deps: { limits: { signIn: 100, reset: 100, contact: 100 } } })]);
  await seedDemo(server.database.db, Date.now);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const site = {
  get browser() {
    return browser;
  },
  get server() {
    return server;
  },
};
const CASES = [
  ['en', 1280],
  ['en', 375],
  ['zh-CN', 1280],
  ['zh-CN', 375],
] as const;

async function openPage(width: number) {
  const page = await site.browser.newPage({ viewport: { width, height: 800 } });
  // The wrong password's own 401 is expected.
  const problems = watchForErrors(page, [/status of 401/]);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return { page, problems, alerts };
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

describe('the header, the sign-in overlay, the profile menu and feedback, in Chromium', () => {
  it.each(CASES)('signs in through the overlay (wrong, then right password), uses the menu and sends feedback (%s, %i px)', async (lang, width) => {
    const t = TEXTS[lang];
    const name = `menu_${lang.replace('-', '').toLowerCase()}_${width}`;
    await createPerson(site.server.database, name);
    const { page, problems, alerts } = await openPage(width);
    await page.goto(`${site.server.origin}/?__lang=${lang}`);
    await hydrated(page);

    // The overlay from the header's Sign In button, with the modes of the seed.
    await page.locator('.site-header').getByRole('link', { name: t.signInButton }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.waitFor();
    expect(page.url()).toBe(`${site.server.origin}/?__lang=${lang}`);
    if (width > 800) {
      await dialog.getByRole('tab', { name: t.tabWechat }).click();
      const frame = dialog.locator('iframe');
      expect(await frame.getAttribute('src')).toBe(`/accounts/login/wechatweb/?next=${encodeURIComponent(`/?__lang=${lang}`)}`);
      expect(await frame.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([300, 450]);
      await page.frameLocator('.sign-in-overlay__qr').getByText(t.notConfigured).waitFor();
      await dialog.getByRole('tab', { name: t.tabMail }).click();
      expect(await dialog.getByRole('link', { name: t.wechatButton }).isVisible()).toBe(false);
    } else {
      expect(await dialog.getByRole('tab', { name: t.tabWechat }).isVisible()).toBe(false);
      const wechat = dialog.getByRole('link', { name: t.wechatButton });
      expect(await wechat.getAttribute('href')).toBe(`/accounts/login/weixin/?next=${encodeURIComponent(`/?__lang=${lang}`)}`);
    }
    // Reset mode and Back.
    await dialog.getByRole('button', { name: t.forgot }).click();
    await dialog.getByLabel(t.email).fill(`${name}@example.com`);
    await dialog.getByRole('button', { name: t.resetSubmit }).click();
    await dialog.getByText(t.resetSent).waitFor();
    await dialog.getByRole('button', { name: t.back, exact: true }).click();

    await dialog.getByLabel(t.email).fill(`${name}@example.com`);
    await dialog.getByLabel(t.password).fill('not the password');
    await dialog.getByRole('button', { name: t.signInButton, exact: true }).click();
    await dialog.getByText(t.wrong).waitFor();
    // The tip goes after 2 s.
    await dialog.getByText(t.wrong).waitFor({ state: 'detached', timeout: 4000 });
    await dialog.getByLabel(t.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: t.signInButton, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The menu: who, where, and what it offers.
    const avatar = page.getByRole('button', { name: t.menu(name) });
    await avatar.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(224);
    await menu.getByText(`${name}@example.com`).waitFor();
    expect(await menu.getByRole('menuitem', { name: t.column }).getAttribute('href')).toBe(`/@${name}/`);
    expect(await menu.getByRole('menuitem', { name: t.wallet }).getAttribute('href')).toBe('/profile/wallet/');
    const upgrade = menu.getByRole('menuitem', { name: t.upgrade });
    expect([await upgrade.getAttribute('href'), await upgrade.getAttribute('target')]).toEqual(['/member/', '_blank']);
    const guide = menu.getByRole('menuitem', { name: t.guide });
    expect([await guide.getAttribute('href'), await guide.getAttribute('target')]).toEqual(['/page/guide', '_blank']);
    const signOut = menu.getByRole('menuitem', { name: t.signOut });
    expect(await signOut.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(217, 48, 37)');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // Feedback: suggestions while no @ is typed, the dimmed submit, the messages, the alert.
    await avatar.click();
    await menu.getByRole('menuitem', { name: t.feedback }).click();
    const popup = page.locator('.feedback');
    await popup.waitFor();
    const email = popup.getByRole('combobox');
    expect(await email.inputValue()).toBe(`${name}@example.com`);
    const submit = popup.getByRole('button', { name: t.submit });
    expect(await submit.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.45');
    await email.fill('');
    await submit.click();
    await popup.getByText(t.needEmail).waitFor();
    await email.fill(name);
    const options = popup.getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['qq', '163', '126', 'yahoo', 'gmail', 'hotmail'].map((h) => `${name}@${h}.com`));
    await popup.getByRole('option', { name: `${name}@gmail.com` }).click();
    expect(await email.inputValue()).toBe(`${name}@gmail.com`);
    expect(await options.count()).toBe(0);
    await submit.click();
    await popup.getByText(t.needContent).waitFor();
    await popup.getByLabel(t.content).fill(`Hello from ${lang} <b>bold</b>`);
    expect(await submit.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await submit.click();
    await popup.waitFor({ state: 'detached' });
    expect(alerts).toEqual([t.sent]);
    const stored = await site.server.database.db.selectFrom('contact_messages').selectAll().where('email', '=', `${name}@gmail.com`).executeTakeFirstOrThrow();
    expect(stored.message).toContain(`Hello from ${lang} <b>bold</b>\n\n---\nplatform: `);
    expect(stored.message).toContain(`screen: ${width}x800`);
    expect(stored.message).toContain('role: user\ntraffic: 0 MB / 100 MB');

    // E-mail Sign In: signed out first, then the overlay in mail mode.
    await avatar.click();
    await menu.getByRole('menuitem', { name: t.mailSignIn }).click();
    await dialog.getByLabel(t.password).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/accounts/info/')).json())).toEqual({});
    expect(await avatar.count()).toBe(0);
    await dialog.getByRole('button', { name: t.close }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.site-header').getByRole('link', { name: t.signInButton }).waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });

  it.each(['en', 'zh-CN'] as const)(
    'goes straight to chat-app sign-in inside the chat-app browser, whose page says it is not configured (%s)',
    async (lang) => {
      const t = TEXTS[lang];
      const page = await site.browser.newPage({
        viewport: { width: 375, height: 740 },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN',
      });
      const problems = watchForErrors(page);
      await page.goto(`${site.server.origin}/article/${ARTICLE}/?__lang=${lang}`);
      await hydrated(page);
      await page.getByRole('button', { name: new RegExp(`^${t.like} · \\d+$`) }).click();
      await page.waitForURL(`${site.server.origin}/accounts/login/weixin/?next=${encodeURIComponent(`/article/${ARTICLE}/?__lang=${lang}`)}`);
      await page.getByText(t.notConfigured).waitFor();
      await page.locator('a', { hasText: t.back }).click();
      await page.waitForURL(`${site.server.origin}/article/${ARTICLE}/?__lang=${lang}`);
      await page.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(CASES)('runs a like asked for while signed out once the reader signs in (%s, %i px)', async (lang, width) => {
    const t = TEXTS[lang];
    const name = `liker_${lang.replace('-', '').toLowerCase()}_${width}`;
    await createPerson(site.server.database, name);
    const { page, problems } = await openPage(width);
    await page.goto(`${site.server.origin}/article/${ARTICLE}/?__lang=${lang}`);
    await hydrated(page);
    const like = page.getByRole('button', { name: new RegExp(`^${t.like} · \\d+$`) });
    // The anonymous page may come from the render cache, its count up to 30 s old: only the state is compared.
    await like.click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.email).fill(`${name}@example.com`);
    await dialog.getByLabel(t.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: t.signInButton, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${t.liked} · \\d+$`) }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const stored = await site.server.database.db
      .selectFrom('likes')
      .innerJoin('users', 'users.id', 'likes.user_id')
      .select('users.username')
      .where('users.username', '=', name)
      .execute();
    expect(stored).toHaveLength(1);
    await page.close();
    expect(problems).toEqual([]);
  });
});
