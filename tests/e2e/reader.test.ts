import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const MINI_PROGRAM =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47 miniProgram';
const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The demo article with two sized images in its body (theme 1). */
const GALLERY = '/article/west-lake-in-the-rain/';

const site = demoSite();

async function open(path: string, options: { width?: number; userAgent?: string } = {}) {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, userAgent: options.userAgent ?? CHROME });
  const page = await context.newPage();
  const problems = watchForErrors(page);
  // Layout shifts from the first paint on, summed the way CLS is (without input-caused ones).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__shifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const value: unknown = Reflect.get(entry, 'value');
        if (!Reflect.get(entry, 'hadRecentInput') && typeof value === 'number') shifts.push(value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto(site.server.origin + path);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, problems, response, close: () => context.close() };
}

const counter = (page: Page) => page.locator('.photo-viewer__counter').textContent();
const zoom = async (page: Page) => Number(await page.locator('.photo-viewer__stage').getAttribute('data-zoom'));

describe('article images', () => {
  it.each([1280, 375])('keep their boxes while they load: no layout shift (%i px)', async (width) => {
    const { page, problems, close } = await open(GALLERY, { width });
    const images = page.locator('.article__content img');
    expect(await images.count()).toBe(2);
    for (const image of await images.all()) {
      expect(await image.getAttribute('width')).toMatch(/^\d+$/);
      expect(await image.getAttribute('height')).toMatch(/^\d+$/);
      expect(await image.getAttribute('loading')).toBe('lazy');
    }
    const second = images.nth(1);
    const before = await second.boundingBox();
    // Scroll down through the article so the lazy images load, then back up.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.article__content img')].every((i) => i.complete && i.naturalWidth > 0));
    await page.evaluate(() => window.scrollTo(0, 0));
    const after = await second.boundingBox();
    expect(after?.height).toBeCloseTo(before?.height ?? -1, 0);
    expect(after?.width).toBeCloseTo(before?.width ?? -1, 0);
    const cls = await page.evaluate(() => (Reflect.get(window, '__shifts') as number[]).reduce((a, b) => a + b, 0));
    expect(cls).toBeLessThan(0.01);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await close();
    expect(problems).toEqual([]);
  });

  it('load 50 px ahead of the viewport, after scrolling pauses 200 ms (docs/specification/shell.md §9), never earlier', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 300 }, userAgent: CHROME });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(site.server.origin + GALLERY);
    await page.waitForSelector('html[data-hydrated="true"]');
    const images = page.locator('.article__content img');
    const last = images.last();
    const address = new URL((await last.getAttribute('data-lazy-src')) ?? '', site.server.origin).pathname;
    expect(address).toMatch(/^\/.+\.(svg|png|jpe?g|webp)$/);
    expect(await last.getAttribute('width')).toMatch(/^\d+$/);
    await page.waitForTimeout(400);
    expect(requested).not.toContain(address);

    // Scroll until its top is 60 px below the viewport: still out of reach.
    const top = () => last.evaluate((image) => image.getBoundingClientRect().top);
    await page.evaluate((y) => window.scrollBy(0, y), (await top()) - 300 - 60);
    await page.waitForTimeout(400);
    expect(requested).not.toContain(address);
    expect(await last.getAttribute('data-lazy-src')).not.toBeNull();

    // Then to 40 px below: it loads once scrolling has paused 200 ms.
    await page.evaluate(() => window.scrollBy(0, 20));
    await page.waitForTimeout(100);
    expect(requested).not.toContain(address);
    await page.waitForFunction((path) => performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname === path), address);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.article__content img')].at(-1)?.complete === true);
    expect(await last.getAttribute('data-lazy-src')).toBeNull();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('gives the cover its size, eagerly, and the editor’s inline styles survive the CSP', async () => {
    const { page, problems, close } = await open('/article/drawing-the-night-market/');
    const cover = page.locator('img.article__cover');
    expect(await cover.getAttribute('width')).toBe('1080');
    expect(await cover.getAttribute('height')).toBe('540');
    expect(await cover.getAttribute('loading')).toBeNull();
    await close();

    const gallery = await open(GALLERY);
    const align = await gallery.page.locator('.article__content p[style]').evaluate((p) => getComputedStyle(p).textAlign);
    expect(align).toBe('right');
    await gallery.close();
    expect([...problems, ...gallery.problems]).toEqual([]);
  });
});

describe('themes', () => {
  it.each([
    [GALLERY, 'theme-1'],
    ['/article/drawing-the-night-market/', 'theme-2'],
    ['/article/things-my-grandmother-kept/', 'theme-3'],
    ['/article/the-art-of-the-second-draft/', 'default'],
  ])('%s links only %s’s stylesheet, and it applies', async (path, theme) => {
    const { page, problems, close } = await open(path);
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? '').filter((h) => h.startsWith('/themes/')),
    );
    expect(sheets).toEqual([expect.stringMatching(new RegExp(`^/themes/${theme}\\.css`))]);
    // Each sheet sets the theme's ink on its own class: proof it loaded and matched.
    const ink = await page.locator('main.article').evaluate((main) => getComputedStyle(main).getPropertyValue('--article-ink').trim());
    expect(ink).toMatch(/^#[0-9a-f]{6}$/i);
    await close();
    expect(problems).toEqual([]);
  });
});

describe('the photo viewer', () => {
  it('opens from an article image, pages with its buttons, zooms with wheel and click, closes with Escape, and gives the page back where it was', async () => {
    const { page, problems, close } = await open(GALLERY);
    const noViewerCode = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /PhotoViewer/.test(e.name)).length);
    expect(noViewerCode).toBe(0);
    const first = page.locator('.article__content img').first();
    await first.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const scrollBefore = await page.evaluate(() => window.scrollY);
    expect(scrollBefore).toBeGreaterThan(100);
    await first.click();

    await page.locator('.photo-viewer').waitFor();
    expect(await counter(page)).toBe('1 / 2');
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(true);
    await page.getByRole('button', { name: 'Next photo' }).click();
    expect(await counter(page)).toBe('2 / 2');
    expect(await page.getByRole('button', { name: 'Next photo' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous photo' }).click();
    expect(await counter(page)).toBe('1 / 2');

    // A click doubles, up to 8, then back to 1.
    const stage = page.locator('.photo-viewer__stage');
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(await zoom(page)).toBe(1);
    for (const expected of [2, 4, 8, 1]) {
      await page.mouse.click(centre.x, centre.y);
      expect(await zoom(page)).toBe(expected);
    }
    // The wheel zooms in and out, and never scrolls the page under the viewer.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => zoom(page)).toBeGreaterThan(1.3);
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => zoom(page)).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);

    await page.keyboard.press('Escape');
    await page.locator('.photo-viewer').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await close();
    expect(problems).toEqual([]);
  });

  it('pages with swipes and drags at 375 px: a quick swipe turns, a short slow drag does not, a long one does', async () => {
    const { page, problems, close } = await open(GALLERY, { width: 375 });
    await page.locator('.article__content img').first().click();
    await page.locator('.photo-viewer').waitFor();
    const y = 400;
    const drag = async (from: number, to: number, holdMs: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      if (holdMs) await page.waitForTimeout(holdMs);
      await page.mouse.move(to, y, { steps: 5 });
      await page.mouse.up();
      await page.waitForTimeout(300);
    };
    await drag(300, 200, 0); // 100 px in well under 500 ms: a swipe
    expect(await counter(page)).toBe('2 / 2');
    await drag(100, 160, 600); // 60 px slowly: under 20 % of 375 px
    expect(await counter(page)).toBe('2 / 2');
    await drag(60, 160, 600); // 100 px slowly: past 20 %
    expect(await counter(page)).toBe('1 / 2');
    await drag(100, 300, 0); // nothing before the first photo
    expect(await counter(page)).toBe('1 / 2');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('.photo-viewer').waitFor({ state: 'detached' });
    await close();
    expect(problems).toEqual([]);
  });

  it('zooms with a two-finger pinch and pages with a touch swipe on a phone', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 740 }, userAgent: CHROME, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(site.server.origin + GALLERY);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.article__content img').first().tap();
    await page.locator('.photo-viewer').waitFor();
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

    // Fingers 60 px apart move to 180 px apart: three times the zoom.
    await touch('touchStart', [
      [157, 370],
      [217, 370],
    ]);
    for (const half of [45, 60, 75, 90])
      await touch('touchMove', [
        [187 - half, 370],
        [187 + half, 370],
      ]);
    await touch('touchEnd', []);
    await expect.poll(() => zoom(page)).toBeCloseTo(3, 1);
    await page.mouse.click(187, 370); // a click doubles: 6
    expect(await zoom(page)).toBeCloseTo(6, 1);
    await page.keyboard.press('Escape');
    await page.locator('.photo-viewer').waitFor({ state: 'detached' });

    await page.locator('.article__content img').first().tap();
    await page.locator('.photo-viewer').waitFor();
    await touch('touchStart', [[300, 400]]);
    for (const x of [270, 230, 190]) await touch('touchMove', [[x, 400]]);
    await touch('touchEnd', []);
    await expect.poll(() => counter(page)).toBe('2 / 2');
    await context.close();
    expect(problems).toEqual([]);
  });

  it('opens from the cover too, with a single photo and no paging buttons', async () => {
    const { page, problems, close } = await open('/article/drawing-the-night-market/', { width: 375 });
    await page.getByRole('button', { name: 'View the cover photo' }).click();
    await page.locator('.photo-viewer').waitFor();
    expect(await counter(page)).toBe('1 / 1');
    expect(await page.getByRole('button', { name: 'Next photo' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('.photo-viewer').waitFor({ state: 'detached' });
    await close();
    expect(problems).toEqual([]);
  });
});

describe('inside the mini program', () => {
  it('opens the mini program’s own comment and column pages through its bridge', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 }, userAgent: MINI_PROGRAM });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    let sdkRequests = 0;
    await page.route(SDK_URL, (route) => {
      sdkRequests += 1;
      return route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.addInitScript(() => {
      const calls: string[] = [];
      Reflect.set(window, '__wxCalls', calls);
      Reflect.set(window, 'wx', {
        miniProgram: {
          navigateTo(options: { url: string; success?: () => void }) {
            calls.push(options.url);
            options.success?.();
          },
        },
      });
    });
    await page.goto(site.server.origin + GALLERY);
    await page.waitForSelector('html[data-hydrated="true"]');
    const calls = () => page.evaluate(() => Reflect.get(window, '__wxCalls') as string[]);

    expect(await page.locator('form.comments__form').count()).toBe(0);
    await page.getByRole('button', { name: 'Write a comment' }).click();
    await expect.poll(calls).toEqual(['/pages/comment/comment?slug=west-lake-in-the-rain']);

    await page.locator('.article__author').click();
    await expect.poll(calls).toEqual(['/pages/comment/comment?slug=west-lake-in-the-rain', '/pages/column/column?username=linqiao']);
    expect(new URL(page.url()).pathname).toBe(GALLERY);
    // The bridge was already there: the SDK was not fetched again.
    expect(sdkRequests).toBe(0);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('loads the JS-SDK only for mini program clients, allowed by the page’s CSP', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 }, userAgent: MINI_PROGRAM });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.route(SDK_URL, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.wx={miniProgram:{navigateTo:function(o){(window.__sdkCalls=window.__sdkCalls||[]).push(o.url);o.success&&o.success();}}};',
      }),
    );
    await page.goto(site.server.origin + GALLERY);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(() => 'wx' in window);
    await page.getByRole('button', { name: 'Write a comment' }).click();
    await expect
      .poll(() => page.evaluate(() => Reflect.get(window, '__sdkCalls') as string[] | undefined))
      .toEqual(['/pages/comment/comment?slug=west-lake-in-the-rain']);
    await context.close();
    expect(problems).toEqual([]);

    const plain = await open(GALLERY);
    const sdkScripts = await plain.page.evaluate(() => document.querySelectorAll('script[src*="jweixin"]').length);
    expect(sdkScripts).toBe(0);
    expect(await plain.page.locator('form.comments__form').count()).toBe(1);
    await plain.close();
    expect(plain.problems).toEqual([]);
  });
});

describe('the invalid-browser notice', () => {
  it('shows to Firefox, in its language, and stays dismissed after a reload', async () => {
    const { page, problems, close } = await open('/?__lang=zh-TW', { userAgent: FIREFOX, width: 375 });
    const notice = page.locator('.browser-notice');
    expect(await notice.textContent()).toContain('你的瀏覽器可能無法正常顯示');
    await page.getByRole('button', { name: '關閉提示' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await notice.waitFor({ state: 'detached' });
    await close();
    expect(problems).toEqual([]);
  });

  it('does not show to Chrome', async () => {
    const { page, problems, close } = await open('/');
    expect(await page.locator('.browser-notice').count()).toBe(0);
    await close();
    expect(problems).toEqual([]);
  });
});
