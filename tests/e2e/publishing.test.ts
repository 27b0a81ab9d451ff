import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  await createPerson(server.database, 'ann');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Publishing as authors expect (docs/decisions/067-booklets-in-lists-and-readable-slugs.md).
describe('publishing from the editor, in Chromium', () => {
  it('writes an article with a Chinese title, publishes it, follows the link to its readable address, then unpublishes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInBrowser(context, server.origin, 'ann@example.com', PASSWORD);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/editor`);
    await page.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
    await page.locator('.ze-title').fill('我的第一篇文章');
    await page.locator('.ze-content').click();
    await page.keyboard.type('今天天气很好。', { delay: 5 });

    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.ze-save-status', { hasText: 'Modified' }).waitFor();
    const bar = page.locator('.ze-publish');
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    const view = bar.getByRole('link', { name: 'View the published article' });
    await view.waitFor();
    const href = await view.getAttribute('href');
    expect(href).toBe(`/article/${encodeURIComponent('我的第一篇文章')}/`);
    expect(await bar.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);

    await view.click();
    await page.waitForURL(`${server.origin}${href ?? ''}`);
    await page.locator('h1', { hasText: '我的第一篇文章' }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/article/我的第一篇文章/');

    await page.goBack();
    await page.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
    await page.locator('.ze-publish').getByRole('button', { name: 'Unpublish' }).click();
    await page.locator('.ze-publish').getByRole('button', { name: 'Publish', exact: true }).waitFor();
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get(`${server.origin}${href ?? ''}`)).status()).toBeGreaterThanOrEqual(400);
    await anonymous.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
