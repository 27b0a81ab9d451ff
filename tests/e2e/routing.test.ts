import { describe, expect, it } from 'vitest';
import { signInBrowser, watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { createPerson, PASSWORD } from '../support/people';

// The browser's router (react-router-dom's data router, docs/decisions/057): what the site's own
// router got wrong, held against react-router.

const site = demoSite();
const ARTICLE = '/article/the-art-of-the-second-draft/';

describe('routing in Chromium', () => {
  it('runs no loader for a change of fragment alone, nor for Back and Forward across one', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}${ARTICLE}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The comments load after hydration: let them settle before counting.
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await page.evaluate(() => {
      window.location.hash = '#comments';
    });
    await page.waitForURL((url) => url.hash === '#comments');
    await page.goBack();
    await page.waitForURL((url) => url.hash === '');
    await page.goForward();
    await page.waitForURL((url) => url.hash === '#comments');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    // A real navigation still runs the page's loaders.
    await page.goto(`${site.server.origin}/found/`);
    await page.getByRole('link', { name: 'The Art of the Second Draft' }).first().click();
    await page.waitForURL((url) => url.pathname === ARTICLE);
    expect(calls.some((url) => url.includes('/api/'))).toBe(true);
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
