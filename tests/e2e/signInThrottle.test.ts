import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;

// Three failed sign-ins a quarter-hour here (the site's default is ten), so the journey stays short.
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ deps: { limits: { signIn: 3, reset: 5 } } })]);
  await createPerson(server.database, 'ann');
  await createPerson(server.database, 'ben');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sign-in throttling in Chromium', () => {
  it('counts only failures, then says in Chinese how long to wait', async () => {
    const problems: string[] = [];
    /** A fresh Chinese visitor on the sign-in page, with its form and a way to send it. */
    const visitor = async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const seen = watchForErrors(page, [/status of 401/, /status of 429/]);
      await page.goto(`${server.origin}/sign/in/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const form = page.locator('form', { has: page.getByLabel('密码') });
      const signIn = async (email: string, password: string) => {
        await form.getByLabel('邮箱').fill(email);
        await form.getByLabel('密码').fill(password);
        await form.getByRole('button', { name: '登录', exact: true }).click();
      };
      const close = async () => {
        await context.close();
        problems.push(...seen);
      };
      return { page, signIn, close };
    };
    // Successful sign-ins are not counted: ben signs in twice from this address before anything fails.
    for (let i = 0; i < 2; i++) {
      const ben = await visitor();
      const answer = ben.page.waitForResponse((r) => r.url().endsWith('/api/accounts/login/cookies/'));
      await ben.signIn('ben@example.com', PASSWORD);
      expect((await answer).status()).toBe(200);
      await ben.close();
    }
    const ann = await visitor();
    for (let i = 0; i < 3; i++) {
      await ann.signIn('ann@example.com', 'not the password');
      await ann.page.getByText('账号或密码不正确').waitFor();
    }
    await ann.signIn('ann@example.com', PASSWORD);
    await ann.page.getByText(/^请求失败！错误码：429 登录失败次数过多，请 1[45] 分钟后再试。$/).waitFor();
    // The seed's rule stands: any failed call turns the progress line red (docs/specification/shell.md §4).
    expect(await ann.page.locator('.progress-line').getAttribute('data-state')).toBe('error');
    await ann.close();
    expect(problems).toEqual([]);
  });
});
