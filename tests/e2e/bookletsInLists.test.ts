import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const site = demoSite();
const NAME = "The Walker's Notebook";

async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** From the overview: Start reading, then Next once (docs/decisions/067-booklets-in-lists-and-readable-slugs.md). */
async function walkFromOverview(page: Page): Promise<void> {
  await page.waitForURL('**/booklet/the-walkers-notebook/');
  await page.locator('h1', { hasText: NAME }).waitFor();
  await page.getByRole('link', { name: 'Start reading' }).click();
  await page.waitForURL('**/booklet/the-walkers-notebook/why-walk');
  await page.getByRole('link', { name: /^Next/ }).first().click();
  await page.waitForURL('**/booklet/the-walkers-notebook/the-first-mile');
}

describe('a reader finds booklets by browsing, in Chromium', () => {
  it('finds the booklet on its author’s column and walks its chapters', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/@olivergrant/`);
    await hydrated(page);
    const card = page.locator('.booklet-card', { hasText: NAME });
    expect(await card.locator('.booklet-card__price').textContent()).toBe('¥12.00');
    // Its chapters are read in it, not listed as loose articles.
    expect(await page.locator('.article-list a[href*="the-walkers-notebook"]').count()).toBe(0);
    await card.getByRole('link', { name: NAME }).click();
    await walkFromOverview(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('finds the booklet on the home page, on a phone', async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/`);
    await hydrated(page);
    await page.locator('.booklet-cards').getByRole('link', { name: NAME }).click();
    await walkFromOverview(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("names the booklet on a free chapter's own page and leads on to the next chapter", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/article/the-walkers-notebook-why-walk/`);
    await hydrated(page);
    const place = page.locator('.article-booklet');
    expect(await place.getByRole('link', { name: NAME }).getAttribute('href')).toBe('/booklet/the-walkers-notebook/');
    await place.getByRole('link', { name: /^Next/ }).click();
    await page.waitForURL('**/booklet/the-walkers-notebook/the-first-mile');
    await page.locator('h1', { hasText: 'The first mile' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
