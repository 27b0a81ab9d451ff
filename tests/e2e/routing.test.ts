import { describe, expect, it } from 'vitest';
import { signInBrowser, watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { createPerson, PASSWORD } from '../support/people';

// The browser's router (react-router-dom's data router, docs/decisions/057): what the site's own
// router got wrong, held against react-router.

const site = demoSite();
describe('routing in Chromium', () => {
  it('runs no loader for a fragment added or changed, Forward to one included; Back to none runs the page’s', async () => {
    const person = await createPerson(site.server.database, 'hasher');
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    await signInBrowser(context, site.server.origin, `${person.username}@example.com`, PASSWORD);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/profile/wallet/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    const setHash = (hash: string) =>
      page.evaluate((value) => {
        window.location.hash = value;
      }, hash);
    await setHash('#top');
    await page.waitForURL((url) => url.hash === '#top');
    await setHash('#end');
    await page.waitForURL((url) => url.hash === '#end');
    await page.goBack();
    await page.waitForURL((url) => url.hash === '#top');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    // Back to the address without a fragment is a navigation: the wallet's loader reads it again.
    await page.goBack();
    await page.waitForURL((url) => url.hash === '');
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    calls.length = 0;
    await page.goForward();
    await page.waitForURL((url) => url.hash === '#top');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a signed-in reader their header on a 404, hydrated without a mismatch', async () => {
    const person = await createPerson(site.server.database, 'lost');
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    await signInBrowser(context, site.server.origin, `${person.username}@example.com`, PASSWORD);
    const page = await context.newPage();
    const problems = watchForErrors(page, [/404/]);
    const res = await page.goto(`${site.server.origin}/no/such/page/`);
    expect(res?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.profile__avatar').waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    // The menu works there: Feedback can be opened.
    await page.locator('.profile__avatar').click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    await page.getByRole('dialog').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
