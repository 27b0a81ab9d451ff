import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  const ann = await createPerson(server.database, 'ann');
  await createPerson(server.database, 'ben');
  await writeArticle(server.database, ann.id, 'green-tea', { title: 'Notes on green tea' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Ben, in a browser of his own, calls the API as the site does. */
async function asBen(path: string, data: object): Promise<void> {
  const context: BrowserContext = await browser.newContext();
  await signInBrowser(context, server.origin, 'ben@example.com', PASSWORD);
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await context.request.post(`${server.origin}${path}`, { headers: { 'X-CSRFToken': csrf }, data });
  expect(res.ok()).toBe(true);
  await context.close();
}

describe('live notifications in Chromium (decision 046)', () => {
  it("the bell's count goes up, without reloading or opening it, when another user likes and follows", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signInBrowser(context, server.origin, 'ann@example.com', PASSWORD);
    const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/notification/stream/') && r.status() === 200);
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await streamOpen;
    const badge = page.locator('.bell__badge');
    expect(await badge.count()).toBe(0);

    await asBen('/api/columns/thumbsup/', { article_slug: 'green-tea' });
    await expect.poll(() => badge.textContent(), { timeout: 2000 }).toBe('1');
    await asBen('/api/follow/user/', { following_name: 'ann' });
    await expect.poll(() => badge.textContent(), { timeout: 2000 }).toBe('2');

    await page.locator('.bell__button').click();
    await page.locator('.bell__dropdown .notification--new').nth(1).waitFor();
    await badge.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
