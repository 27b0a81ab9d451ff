import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.REDEEM_SHOTS;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newCode(...argv: string[]): Promise<string> {
  const { db } = server.database;
  const result = await runAdminCommand(['create-redeem-codes', ...argv], { users: new UserDirectory(db, Date.now), db, now: Date.now });
  expect(result.code, result.out).toBe(0);
  const code = result.out.split('\n')[1];
  if (!code) throw new Error(result.out);
  return code;
}

async function signIn(context: BrowserContext, name: string): Promise<void> {
  await signInBrowser(context, server.origin, `${name}@example.com`, PASSWORD);
}

const journeys = [
  {
    locale: 'en',
    width: 1280,
    gives: 'VIP membership · 1 month',
    done: /^Redeemed\. Your VIP membership now runs until/,
    used: 'This redeem code has already been used.',
    button: 'Redeem',
  },
  {
    locale: 'en',
    width: 375,
    gives: 'VIP membership · 1 month',
    done: /^Redeemed\. Your VIP membership now runs until/,
    used: 'This redeem code has already been used.',
    button: 'Redeem',
  },
  { locale: 'zh-CN', width: 1280, gives: 'VIP 会员 · 1 个月', done: /^兑换成功。你的VIP 会员有效期至/, used: '此兑换码已被使用。', button: '兑换' },
  { locale: 'zh-CN', width: 375, gives: 'VIP 会员 · 1 个月', done: /^兑换成功。你的VIP 会员有效期至/, used: '此兑换码已被使用。', button: '兑换' },
] as const;

describe('redeeming a code in Chromium', () => {
  journeys.forEach((journey, i) => {
    it(`follows a short link, sees what the code gives, redeems it once (${journey.locale}, ${journey.width} px)`, async () => {
      const person = await createPerson(server.database, `redeemer${i}`);
      const code = await newCode('--kind', 'membership', '--level', 'vip', '--period', 'month');
      const context = await browser.newContext({ viewport: { width: journey.width, height: 800 }, locale: journey.locale });
      const page = await context.newPage();
      // The second, refused redeem answers 400 on purpose; Chromium logs that as a console error.
      const problems = watchForErrors(page, [/the server responded with a status of 400/]);
      await signIn(context, person.username);

      await page.goto(`${server.origin}/r/${code.toLowerCase()}`);
      expect(new URL(page.url()).pathname).toBe(`/redeem/${code.toLowerCase()}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const preview = page.locator('.redeem-page__preview');
      await preview.locator('strong', { hasText: journey.gives }).waitFor();
      expect(await page.locator('#redeem-code').inputValue()).toBe(code);
      const form = await page.locator('.redeem-page').boundingBox();
      expect((form?.x ?? -1) >= 0 && (form?.x ?? 0) + (form?.width ?? 0) <= journey.width).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/redeem-${journey.locale}-${journey.width}-before.png`, fullPage: true });

      await page.getByRole('button', { name: journey.button, exact: true }).click();
      const done = page.locator('.sms-page__done');
      await done.waitFor();
      expect(await done.textContent()).toMatch(journey.done);
      // The way to the membership page opens a new tab, as every link to it (client/components/MemberLink.tsx).
      expect(await page.locator('.redeem-page a[href="/member/"][target="_blank"]').count()).toBe(1);
      // The header's avatar takes the VIP badge at once, without a reload.
      await page.locator('.profile__badge--vip').waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/redeem-${journey.locale}-${journey.width}-done.png`, fullPage: true });
      const user = await server.database.db.selectFrom('users').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
      expect(user.membership_tier).toBe('vip');

      // The same code a second time: the message in the reader's language, nothing more granted.
      await page.goto(`${server.origin}/reseller/redeem?code=${code}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByRole('button', { name: journey.button, exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(journey.used);
      const after = await server.database.db.selectFrom('users').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
      expect(after.membership_expires_at).toBe(user.membership_expires_at);
      await context.close();
      expect(problems).toEqual([]);
    });
  });

  it('asks a visitor to sign in before redeeming, and shows the reseller page', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/redeem/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Sign in to redeem' }).waitFor();
    await page.goto(`${server.origin}/reseller/digital_lizhi`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('heading', { name: 'How to redeem' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reseller-375.png`, fullPage: true });
    await page.getByRole('link', { name: 'Redeem a code' }).click();
    await page.waitForURL(`${server.origin}/reseller/redeem`);
    await page.getByRole('button', { name: 'Sign in to redeem' }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('an invitation link records the friend who invited, after sign-in', async () => {
    const ann = await createPerson(server.database, 'inviter');
    const cat = await createPerson(server.database, 'invitee');
    const inviter = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await signIn(inviter, ann.username);
    const own = inviter.newPage();
    const page = await own;
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/accounts/referral/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const link = page.locator('#referral-link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${server.origin}/r/[0-9A-Z]{8}$`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/referral-own-zh-1280.png`, fullPage: true });

    const friend = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en' });
    const friendPage = await friend.newPage();
    const friendProblems = watchForErrors(friendPage);
    await friendPage.goto(url);
    await friendPage.waitForSelector('html[data-hydrated="true"]');
    await friendPage.getByText('Sign in and we will remember that inviter invited you.').waitFor();
    await signIn(friend, cat.username);
    await friendPage.reload();
    await friendPage.getByText('Thank you: inviter is recorded as the friend who invited you.').waitFor();
    const row = await server.database.db.selectFrom('referrals').selectAll().where('user_id', '=', cat.id).executeTakeFirstOrThrow();
    expect(row.referrer_user_id).toBe(ann.id);
    await inviter.close();
    await friend.close();
    expect(problems).toEqual([]);
    expect(friendProblems).toEqual([]);
  });
});
