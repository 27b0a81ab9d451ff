import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRenewalReminders } from '../../server/payments/subscriptions/reminders';
import { launchBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

const DAY = 24 * 3600 * 1000;

let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof startLiveServer>> | undefined;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function live(): { browser: Browser; server: NonNullable<typeof server> } {
  if (!browser || !server) throw new Error('not started');
  return { browser, server };
}

/** Decision 051 in Chromium: a vip subscription bought on /member, renewal on, the reminder in the bell, renewal off. */
describe('subscriptions in Chromium', () => {
  it('buys a VIP monthly subscription through the sandbox, sees renewal on and the reminder, then turns renewal off', async () => {
    const { browser, server } = live();
    const person = await createPerson(server.database, 'subscriber');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    await context.request.get(`${server.origin}/`);
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const signIn = await context.request.post(`${server.origin}/api/accounts/login/cookies/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { email: `${person.username}@example.com`, password: PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const page = await context.newPage();
    // The sandbox checkout page links no icon: the browser's /favicon.ico is a 404.
    const problems = watchForErrors(page, [/status of 404/]);

    await page.goto(`${server.origin}/member/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const card = page.getByRole('region', { name: 'VIP Subscription' });
    await card.getByText('¥58.00 / month').waitFor();
    await card.getByRole('button', { name: 'Buy a month' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¥58.00').waitFor();
    await dialog.getByRole('button', { name: 'Pay online (Alipay)' }).click();
    await page.waitForURL('**/payments/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/member/');
    await page.waitForSelector('html[data-hydrated="true"]');

    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.getByText(/^Your VIP subscription: renewal is on\. We will remind you before \d{4}-\d{2}-\d{2}\.$/).waitFor();
    await subscription.getByRole('button', { name: 'Renew now for ¥58.00' }).waitFor();

    // Three days before the end the fleet's sweep reminds the subscriber: the bell shows it, with the way back here.
    const user = await server.database.db.selectFrom('users').select('membership_expires_at').where('id', '=', person.id).executeTakeFirstOrThrow();
    const expires = Number(user.membership_expires_at);
    expect(await sendRenewalReminders({ db: server.database.db, now: () => expires - 2 * DAY })).toBe(1);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.bell__badge').waitFor();
    await page.locator('.bell__button').click();
    const reminder = page.locator('.bell__dropdown .notification[data-type="renewal"]');
    await reminder.getByText(`ends on ${new Date(expires).toISOString().slice(0, 10)}`, { exact: false }).waitFor();
    await reminder.getByRole('link', { name: 'Renew it on the membership page' }).click();
    await page.waitForURL((url) => url.pathname === '/member/');

    await subscription.getByRole('button', { name: 'Turn renewal off' }).click();
    await subscription.getByText(/^Your VIP subscription: renewal is off\. Your membership ends on \d{4}-\d{2}-\d{2}\.$/).waitFor();
    expect(await subscription.getByRole('button', { name: /^Renew now/ }).count()).toBe(0);
    await subscription.getByRole('button', { name: 'Turn renewal on' }).waitFor();
    // The subscription price waits for renewal to be on again.
    expect(await card.getByRole('button', { name: 'Buy a month' }).isDisabled()).toBe(true);
    await card.getByText('Renewal is off: turn it on to renew at the subscription price.').waitFor();
    // What the page shows is what the server keeps.
    const row = await server.database.db.selectFrom('subscriptions').select('renewal').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    expect(Number(row.renewal)).toBe(0);

    await context.close();
    expect(problems).toEqual([]);
  });
});
