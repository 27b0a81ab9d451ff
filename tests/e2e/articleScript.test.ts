import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const site = demoSite();

/** The demo's Simplified Chinese article (linqiao's). */
const ARTICLE = '/article/things-my-grandmother-kept/';
const SIMPLIFIED = { title: '外婆留下的东西', text: '铁皮饼干盒' };
const TRADITIONAL = { title: '外婆留下的東西', text: '鐵皮餅乾盒' };

/** Decision 038: the switch's texts in each interface language. */
const TEXTS = {
  en: { toTraditional: 'Read in Traditional Chinese', toSimplified: 'Read in Simplified Chinese', converted: 'Converted from Simplified Chinese' },
  'zh-CN': { toTraditional: '以繁体中文阅读', toSimplified: '以简体中文阅读', converted: '由简体中文转换' },
  'zh-TW': { toTraditional: '以繁體中文閱讀', toSimplified: '以簡體中文閱讀', converted: '由簡體中文轉換' },
} as const;

describe('reading a Chinese article in the other script, in Chromium', () => {
  it.each(Object.entries(TEXTS))('switches it, remembers it across a reload, and switches back (%s)', async (lang, texts) => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const scriptCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'zine_script')?.value;
    const title = page.locator('h1.article__title');
    const content = page.locator('.article__content');
    const note = page.locator('.article__converted');

    await page.goto(`${site.server.origin}${ARTICLE}?__lang=${lang}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await title.textContent()).toBe(SIMPLIFIED.title);
    expect(await note.count()).toBe(0);

    // Into Traditional, in place: no page load.
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByRole('button', { name: texts.toTraditional }).click();
    await page.locator('h1.article__title', { hasText: TRADITIONAL.title }).waitFor();
    expect(await content.textContent()).toContain(TRADITIONAL.text);
    expect(await content.textContent()).not.toContain(SIMPLIFIED.text);
    expect(await note.textContent()).toBe(texts.converted);
    expect(await page.locator('main.article').getAttribute('lang')).toBe('zh-TW');
    await expect.poll(() => page.title()).toBe(`${TRADITIONAL.title} - Zine`);
    expect(await scriptCookie()).toBe('hant');
    expect(loads).toBe(0);

    // Remembered: the server renders the converted page (from the render cache or not), and it hydrates cleanly.
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toContain(`<h1 class="article__title">${TRADITIONAL.title}</h1>`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await title.textContent()).toBe(TRADITIONAL.title);
    expect(await note.textContent()).toBe(texts.converted);

    // Back as written: the cookie goes.
    await page.getByRole('button', { name: texts.toSimplified }).click();
    await page.locator('h1.article__title', { hasText: SIMPLIFIED.title }).waitFor();
    expect(await content.textContent()).toContain(SIMPLIFIED.text);
    expect(await note.count()).toBe(0);
    expect(await scriptCookie()).toBeUndefined();
    const again = await page.reload();
    expect(await again?.text()).toContain(`<h1 class="article__title">${SIMPLIFIED.title}</h1>`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: texts.toTraditional }).waitFor();

    await context.close();
    expect(problems).toEqual([]);
  });

  it('offers no switch on an English article', async () => {
    const page = await site.browser.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/article/the-art-of-the-second-draft/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.article__script').count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  });
});
