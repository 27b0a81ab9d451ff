import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let page: Page;
let problems: string[];
let ann: { id: number };

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  ann = await createPerson(server.database, 'ann');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // The wrong password's own 401 is expected.
  problems = watchForErrors(page, [/status of 401/]);
});

afterEach(async () => {
  await page.context().close();
  expect(problems).toEqual([]);
});

const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');

describe('signing in and out in Chromium', () => {
  it('sends a signed-out visit to the wallet through sign-in and back, then signs out', async () => {
    await page.goto(`${server.origin}/profile/wallet/`);
    await hydrated();
    expect(page.url()).toBe(`${server.origin}/sign/in/?next=%2Fprofile%2Fwallet%2F`);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter account and password').waitFor();

    await page.getByLabel('E-mail').fill('ann@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Account/Password not correct').waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    // Read before the click: the sign-in answer rotates the token.
    const csrfCookie = (await page.context().cookies()).find((c) => c.name === 'csrftoken');
    const signInRequest = page.waitForRequest((r) => r.url().endsWith('/api/accounts/login/cookies/'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    const sent = (await signInRequest).headers();
    expect(sent['x-csrftoken']).toBe(csrfCookie?.value);
    expect(sent['x-device-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent['x-user-id']).toBeUndefined();
    await page.waitForURL(`${server.origin}/profile/wallet/`);
    await page.locator('h1', { hasText: 'My Wallet' }).waitFor();
    await page.getByRole('button', { name: 'Account menu: ann' }).waitFor();

    // A reload keeps the session: the server renders the wallet for ann.
    await page.reload();
    await hydrated();
    expect(page.url()).toBe(`${server.origin}/profile/wallet/`);

    const signOutRequest = page.waitForRequest((r) => r.url().endsWith('/api/accounts/logout/cookies/'));
    await page.getByRole('button', { name: 'Account menu: ann' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect((await signOutRequest).headers()['x-user-id']).toBe(String(ann.id));
    await page.waitForURL(`${server.origin}/sign/in/?next=%2Fprofile%2Fwallet%2F`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Sign Out' }).count()).toBe(0);
    const info = await page.evaluate(async () => (await fetch('/api/accounts/info/')).json());
    expect(info).toEqual({});
  });

  it('signs in through the overlay from an error screen, and the screen becomes the page', async () => {
    await createPerson(server.database, 'eve');
    const response = await page.goto(`${server.origin}/no/such/page/here/`);
    expect(response?.status()).toBe(404);
    problems.splice(0);
    await hydrated();
    await page.locator('header').getByRole('link', { name: 'Sign In' }).click();
    const overlay = page.getByRole('dialog', { name: 'Sign in to continue' });
    await overlay.waitFor();
    await overlay.getByLabel('E-mail').fill('eve@example.com');
    await overlay.getByLabel('Password').fill(PASSWORD);
    await overlay.getByRole('button', { name: 'Sign In' }).click();
    await overlay.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu: eve' }).waitFor();
    expect(page.url()).toBe(`${server.origin}/no/such/page/here/`);
  });

  it('asks for a reset mail with the e-mail rule of the seed', async () => {
    await page.goto(`${server.origin}/sign/in/`);
    await hydrated();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset mail' }).click();
    await page.getByText('Please input Email').waitFor();
    await page.getByLabel('E-mail').fill('ann@localhost');
    await page.getByRole('button', { name: 'Send reset mail' }).click();
    await page.getByText('Please input correct Email').waitFor();
    await page.getByLabel('E-mail').fill('ann@example.com');
    await page.getByRole('button', { name: 'Send reset mail' }).click();
    await page.getByText('Password reset mail has been sent to your mailbox.Please check it.').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('Password').waitFor();
  });
});
