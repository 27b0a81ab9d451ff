import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWalletByEmail } from '../../server/payments/walletCredit';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import type { LiveServer } from '../support/demoSite';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';
import { membershipOrder } from '../support/orders';

// The wallet and the orders load in their page loaders (the server renders
// them, hydration takes them from the page state), and page on in the browser through the
// same loaders and the one paged list.

let browser: Browser | undefined;
let server: LiveServer | undefined;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function live(): { browser: Browser; server: LiveServer } {
  if (!browser || !server) throw new Error('no browser or server yet');
  return { browser, server };
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** Marks the document: still there after a navigation means the navigation stayed in the browser. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'));
}

describe('the wallet and the orders in Chromium', () => {
  it('renders both with their data, pages the wallet by number and the orders with More, without reloads', async () => {
    const { browser, server } = live();
    const person = await createPerson(server.database, 'pager');
    const email = `${person.username}@example.com`;
    for (let i = 1; i <= 12; i += 1) await creditWalletByEmail({ db: server.database.db, now: () => Date.now() + i }, email, 100, `Credit ${i}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    await signInBrowser(context, server.origin, email, PASSWORD);
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    for (let i = 0; i < 11; i += 1) {
      const res = await context.request.post(`${server.origin}/api/payments/order/`, {
        headers: { 'X-CSRFToken': csrf },
        data: membershipOrder('vip_monthly_manual'),
      });
      expect(res.status()).toBe(201);
    }
    const page = await context.newPage();
    const problems = watchForErrors(page);

    await page.goto(`${server.origin}/profile/wallet/`);
    await hydrated(page);
    await markDocument(page);
    await page.getByTestId('wallet-balance').getByText('¥12.00').waitFor();
    const rows = page.locator('.wallet-list li');
    expect(await rows.count()).toBe(10);
    await rows.filter({ hasText: 'Credit 12' }).waitFor();
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await rows.filter({ hasText: 'Credit 2' }).first().waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByRole('link', { name: 'Previous' }).click();
    await rows.filter({ hasText: 'Credit 12' }).waitFor();
    expect(await rows.count()).toBe(10);

    await page.getByRole('link', { name: 'Past orders' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/orders/');
    const orders = page.locator('.orders-list li');
    await orders.first().waitFor();
    expect(await orders.count()).toBe(10);
    await page.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => orders.count()).toBe(11);
    expect(await page.getByRole('button', { name: 'More' }).count()).toBe(0);
    expect(await page.getAttribute('html', 'data-same-document')).toBe('yes');

    // A reload hydrates the server's list as it was rendered.
    await page.reload();
    await hydrated(page);
    expect(await orders.count()).toBe(10);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('shows every date in the reader’s own zone in English and Chinese, after the page has hydrated', async () => {
    const { browser, server } = live();
    const person = await createPerson(server.database, 'zoned');
    const email = `${person.username}@example.com`;
    // 20:05 UTC on 18 November: already the 19th in Shanghai, still the 18th in Los Angeles.
    const at = Date.UTC(2026, 10, 18, 20, 5);
    await creditWalletByEmail({ db: server.database.db, now: () => at }, email, 100, 'Zoned credit');
    for (const [locale, timezoneId, shown] of [
      ['en', 'Asia/Shanghai', '2026-11-19 04:05'],
      ['zh-CN', 'America/Los_Angeles', '2026-11-18 12:05'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale, timezoneId });
      await signInBrowser(context, server.origin, email, PASSWORD);
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await page.goto(`${server.origin}/profile/wallet/`);
      await hydrated(page);
      await page.locator('.wallet-list li .wallet-note', { hasText: shown }).waitFor();
      await context.close();
      expect(problems).toEqual([]);
    }
  });
});
