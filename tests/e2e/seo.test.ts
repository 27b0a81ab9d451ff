import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const site = demoSite();

describe('page meta in Chromium', () => {
  it('keeps the document title with client-side navigation: home, an article, its column, back home', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.title()).toBe('Zine - Discover the Fun of Creation');
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);

    const link = page.locator('.article-card__title a').first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.locator('h1', { hasText: title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${title} - Zine`);

    await page.locator('.article__author').first().click();
    await page.waitForURL(/\/@[^/]+\/?$/);
    const author = decodeURIComponent(new URL(page.url()).pathname.replace(/^\/@|\/$/g, ''));
    await expect.poll(() => page.title()).toBe(`${author}'s column - Zine`);

    await page.goBack();
    await expect.poll(() => page.title()).toBe(`${title} - Zine`);
    await page.locator('.site-header__logo').click();
    await expect.poll(() => page.title()).toBe('Zine - Discover the Fun of Creation');
    await page.close();
    expect(problems).toEqual([]);
  });
});
