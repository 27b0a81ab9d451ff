import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const site = demoSite();

const BOOKLET = '/booklet/the-walkers-notebook/';
/** Words of the first paid chapter of the demo booklet: never in a non-buyer's page. */
const PAID_WORDS = 'Carry a notebook small enough to forget';
const TEXTS = {
  en: { query: '', start: 'Start reading', prompt: 'This chapter is for buyers of the booklet', buy: 'Buy for ¥12.00', end: 'The end', show: 'Show contents' },
  'zh-TW': { query: '?__lang=zh-TW', start: '開始閱讀', prompt: '本章為付費內容', buy: '購買 ¥12.00', end: '全書完', show: '顯示目錄' },
} as const;

const CHAPTERS = ['why-walk', 'the-first-mile', 'what-the-ears-notice', 'the-notebook-habit', 'walking-home-in-the-dark', 'end'];

async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]');
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

describe('reading a booklet in Chromium', () => {
  it.each([
    ['en', 1280],
    ['en', 375],
    ['zh-TW', 1280],
    ['zh-TW', 375],
  ] as const)('opens the booklet, walks the chapters with Next to the end and meets the purchase prompt (%s, %i px)', async (lang, width) => {
    const texts = TEXTS[lang];
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page);
    const response = await page.goto(site.server.origin + BOOKLET + texts.query);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await page.locator('h1', { hasText: "The Walker's Notebook" }).waitFor();
    expect(await page.title()).toBe("The Walker's Notebook - Zine");
    await noSideways(page);

    // On a phone the catalogue folds away behind a button.
    const catalogue = page.locator('#booklet-catalogue');
    if (width < 800) {
      expect(await catalogue.isVisible()).toBe(false);
      await page.getByRole('button', { name: texts.show }).click();
      await catalogue.waitFor({ state: 'visible' });
      await page.getByRole('button', { name: texts.show }).waitFor({ state: 'detached' });
      await page.getByRole('button', { expanded: true }).click();
      await catalogue.waitFor({ state: 'hidden' });
    } else {
      expect(await catalogue.isVisible()).toBe(true);
    }

    await page.getByRole('link', { name: texts.start }).click();
    for (const [index, chapter] of CHAPTERS.entries()) {
      await page.waitForURL(`**/booklet/the-walkers-notebook/${chapter}`);
      if (chapter === 'end') {
        await page.locator('h1', { hasText: texts.end }).waitFor();
        expect(await page.locator('.booklet-pager__link--next').count()).toBe(0);
        // The invitation to rate leads to the overview's ratings.
        await page.locator('.booklet-end__actions a').first().click();
        await page.waitForURL('**/booklet/the-walkers-notebook/#ratings');
        await page.waitForFunction(() => {
          const box = document.getElementById('ratings')?.getBoundingClientRect();
          return window.scrollY > 0 && box !== undefined && box.top >= -1 && box.top < window.innerHeight;
        });
        break;
      }
      await page.locator('.booklet-pager__link--previous').waitFor();
      if (chapter === 'the-notebook-habit' || chapter === 'walking-home-in-the-dark') {
        await page.getByRole('heading', { name: texts.prompt }).waitFor();
        await page.getByRole('button', { name: texts.buy }).waitFor();
        expect(await page.locator('.article__content').count()).toBe(0);
        expect(await page.content()).not.toContain(PAID_WORDS);
      } else {
        await page.locator('.article__content p').first().waitFor();
      }
      await noSideways(page);
      expect(index).toBeLessThan(CHAPTERS.length - 1);
      await page.locator('.booklet-pager__link--next').click();
    }

    // The server's page of the paid chapter carries none of it either.
    const source = await page.request.get(`${site.server.origin}/booklet/the-walkers-notebook/the-notebook-habit${texts.query}`);
    expect(source.status()).toBe(200);
    const html = await source.text();
    expect(html).toContain(texts.prompt);
    expect(html).not.toContain(PAID_WORDS);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('asks a signed-out reader to sign in on Buy, and opens the chapter to its buyer after sign-in', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/booklet/the-walkers-notebook/the-notebook-habit`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Buy for ¥12.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.waitFor();
    // adareads bought the demo booklet.
    await dialog.getByLabel('E-mail').fill('reader@zine.local');
    await dialog.getByLabel('Password').fill('zine-demo-2026');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(PAID_WORDS).waitFor();
    expect(await page.locator('.booklet-paywall').count()).toBe(0);
    expect(await dialog.count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('opens the payment panel for a signed-in non-buyer, on the chapter and the article page; closing it charges nothing', async () => {
    const page = await site.browser.newPage({ viewport: { width: 375, height: 800 } });
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/sign/in`);
    await hydrated(page);
    await page.getByLabel('E-mail').fill('mei@zine.local');
    await page.getByLabel('Password').fill('zine-demo-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign/in'));
    for (const path of ['/booklet/the-walkers-notebook/walking-home-in-the-dark', '/article/the-walkers-notebook-the-notebook-habit/']) {
      await page.goto(site.server.origin + path);
      await hydrated(page);
      await page.getByRole('button', { name: 'Buy for ¥12.00' }).click();
      const panel = page.getByRole('dialog', { name: 'Payment' });
      await panel.getByText('¥12.00').waitFor();
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(PAID_WORDS);
    }
    await page.close();
    expect(problems).toEqual([]);
  });

  it("rates the booklet with a review, and shows the server's text when rating fails", async () => {
    const page = await site.browser.newPage({ viewport: { width: 375, height: 800 } });
    const problems = watchForErrors(page, [/status of 400/]);
    await page.goto(`${site.server.origin}/sign/in`);
    await hydrated(page);
    await page.getByLabel('E-mail').fill('demo@zine.local');
    await page.getByLabel('Password').fill('zine-demo-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign/in'));
    await page.goto(site.server.origin + BOOKLET);
    await hydrated(page);
    await page.getByText('4.5 out of 5 · 2 ratings').waitFor();

    // A refusal the form cannot foresee: its detail text is what the reader sees.
    await page.route('**/api/booklets/the-walkers-notebook/ratings/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { detail: 'Ratings are closed for maintenance.' } }) : route.fallback(),
    );
    await page.getByRole('radio', { name: '3 out of 5' }).check();
    await page.getByRole('button', { name: 'Rate' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ratings are closed for maintenance.' }).waitFor();
    await page.unroute('**/api/booklets/the-walkers-notebook/ratings/');

    await page.getByLabel('Review (optional)').fill('Short, kind and <b>useful</b>.');
    await page.getByRole('button', { name: 'Rate' }).click();
    await page.getByRole('status').filter({ hasText: 'your rating is saved' }).waitFor();
    await page.getByText('4.0 out of 5 · 3 ratings').waitFor();
    await page.locator('.booklet-ratings__text', { hasText: 'Short, kind and <b>useful</b>.' }).waitFor();
    await page.getByRole('button', { name: 'Update my rating' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });
});
