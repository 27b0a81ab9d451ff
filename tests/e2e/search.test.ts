import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/search/indexer';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors } from '../support/browser';
import type { LiveServer } from '../support/demoSite';
import { startLiveServer } from '../support/liveServer';
import { createPerson } from '../support/people';

// Search from the header's box, read the results, open one, in the three languages.

let browser: Browser | undefined;
let server: LiveServer | undefined;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  const author = await createPerson(server.database, 'searcher');
  const now = Date.now();
  await writeArticle(server.database, author.id, 'west-lake-rain', {
    title: '雨中的西湖',
    content: '<p>我们在杭州的西湖边写作，雨一直下。</p>',
    language: 'zh-CN',
    created_at: now,
    modified_at: now,
  });
  await writeArticle(server.database, author.id, 'night-market', { title: '畫夜市的那些晚上', content: '<p>夜市的燈一盞盞亮起來。</p>', language: 'zh-TW' });
  await writeArticle(server.database, author.id, 'second-draft', {
    title: 'The Art of the Second Draft',
    content: '<p>The second draft is for the reader.</p>',
  });
  await rebuildSearchIndex(server.database.db);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const JOURNEYS = [
  { locale: 'en', query: 'draft', count: '1 result for “draft”', title: 'The Art of the Second Draft', slug: 'second-draft' },
  { locale: 'zh-CN', query: '杭州', count: '“杭州”共 1 个结果', title: '雨中的西湖', slug: 'west-lake-rain' },
  // A Simplified query finds the Traditional text.
  { locale: 'zh-TW', query: '夜市的灯', count: '「夜市的灯」共 1 個結果', title: '畫夜市的那些晚上', slug: 'night-market' },
] as const;

describe('search in Chromium', () => {
  it.each(JOURNEYS)('$locale: searches from the header, shows the marked results and opens one in place', async ({ locale, query, count, title, slug }) => {
    if (!browser || !server) throw new Error('no browser or server yet');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-hydrated="true"]');

    // The header's box is the browser's own form: the results page comes from the server.
    const box = page.locator('header form[role="search"] input[name="q"]');
    await box.fill(query);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === query);
    await page.getByRole('status').getByText(count).waitFor();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.search-page__form input[name="q"]').inputValue()).toBe(query);
    await page.evaluate(() => document.documentElement.setAttribute('data-same-document', 'yes'));
    const result = page.locator('.search-result').first();
    expect(await result.locator('mark').count()).toBeGreaterThan(0);
    expect(await page.locator('header form[role="search"]').count()).toBe(0);

    await result.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname === `/article/${slug}/`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'data-same-document')).toBe('yes');

    // The results page is an address: opened afresh it renders on the server and hydrates.
    await page.goBack();
    await page.getByRole('status').getByText(count).waitFor();
    await page.goto(`${server.origin}/search/?q=${encodeURIComponent(query)}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.search-result').count()).toBe(1);
    await context.close();
    expect(problems).toEqual([]);
  });
});
