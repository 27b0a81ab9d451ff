import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { pngOf } from '../support/images';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';
import { TRAFFIC_LIMITS, trafficMonth } from '../../shared/traffic';

// Format text with the toolbar and the seed's shortcuts,
// insert an image (uploaded through the media host, scaled to 1080 px), let autosave
// run, reload, and find the formatting and the image again; at 1280 and 375 px.

type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

let browser: Browser;
let server: LiveServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-format-e2e-'));
const imagePath = path.join(dataDir, 'wide-photo.png');
const articleIds: Record<string, number> = {};
let spentArticleId = 0;
let pasteArticleId = 0;
let brokenArticleId = 0;
const Mod = 'Control';

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ config: { dataDir } })]);
  fs.writeFileSync(imagePath, await pngOf(1600, 900));
  const ann = await createPerson(server.database, 'ann');
  pasteArticleId = await writeArticle(server.database, ann.id, 'paste-here', { title: 'Paste', visibility: 'private', content: '<p>Paste below.</p>' });
  brokenArticleId = await writeArticle(server.database, ann.id, 'broken-image', {
    title: 'Broken',
    visibility: 'private',
    content: `<p>Broken below.</p><img src="/media/${'0'.repeat(32)}_hd.png">`,
  });
  // Bob has used the whole month's upload traffic.
  const bob = await createPerson(server.database, 'bob');
  spentArticleId = await writeArticle(server.database, bob.id, 'spent-traffic', { title: 'Spent', visibility: 'private', content: '<p>Look and limits.</p>' });
  await server.database.db
    .insertInto('media_traffic')
    .values({ user_id: bob.id, month: trafficMonth(Date.now()), bytes_used: TRAFFIC_LIMITS.user })
    .execute();
  for (const locale of ['en', 'zh-CN']) {
    articleIds[locale] = await writeArticle(server.database, ann.id, `format-${locale}`, {
      title: `Formatting ${locale}`,
      visibility: 'private',
      content: '<p>First paragraph.</p>',
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(context: BrowserContext, who = 'ann'): Promise<void> {
  await signInBrowser(context, server.origin, `${who}@example.com`, PASSWORD);
}

async function openEditor(page: Page, id: number): Promise<void> {
  await page.goto(`${server.origin}/editor?article=${id}`);
  await page.waitForSelector('[data-editor-ready="true"]');
  await page.locator('.ProseMirror', { hasText: 'First paragraph.' }).waitFor();
  // The fonts and colours arrive from GET /api/fonts/ and /api/colors/.
  await expect.poll(() => page.locator('.format-font option').count()).toBeGreaterThan(1);
  // The opening calls (article, list, update check on focus) are done: none resets the selection.
  await page.waitForLoadState('networkidle');
}

/** Selects the current line back to its start, and waits until the browser shows it selected. */
async function selectLine(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(text);
  await settle(page);
}

/**
 * Presses a key that moves the caret natively (End, Home), then lets ProseMirror take the
 * browser's selection: it does on 'selectionchange', a task later, and a key it handles
 * itself (Enter, Ctrl+B) before that would act on the old selection. People never type
 * that fast; a script does.
 */
async function move(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The media host's absolute URLs name the configured origin (http://localhost:3000 when
 * none is set, as in these tests); the browser gets them from the live server instead.
 */
async function serveMediaFromLiveServer(context: BrowserContext): Promise<void> {
  await context.route('http://localhost:3000/media/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await context.request.get(`${server.origin}${url.pathname}${url.search}`);
    await route.fulfill({ response });
  });
}

const pressed = (page: Page, label: string) => page.locator(`.format-toolbar button[aria-label="${label}"]`).getAttribute('aria-pressed');

const journeys = [
  { locale: 'en', width: 1280, bold: 'Bold', italic: 'Italic', center: 'Centre', image: 'Insert image', uploaded: 'Upload succeeded' },
  { locale: 'zh-CN', width: 375, bold: '粗体', italic: '斜体', center: '居中', image: '插入图片', uploaded: '上传成功' },
] as const;

describe('formatting and images in the editor', () => {
  for (const journey of journeys) {
    it(`keeps formatting and an uploaded image across a reload (${journey.locale}, ${journey.width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width: journey.width, height: 900 }, locale: journey.locale });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signIn(context);
      await serveMediaFromLiveServer(context);
      const id = articleIds[journey.locale];
      if (id === undefined) throw new Error('no article');
      await openEditor(page, id);

      // A new line, selected, then bold by shortcut and italic by the toolbar.
      const content = page.locator('.ProseMirror');
      await content.click();
      await move(page, `${Mod}+End`);
      await page.keyboard.press('Enter');
      await page.keyboard.type('Styled words');
      await selectLine(page, 'Styled words');
      await page.keyboard.press(`${Mod}+b`);
      await expect.poll(() => pressed(page, journey.bold)).toBe('true');
      await page.locator(`.format-toolbar button[aria-label="${journey.italic}"]`).click();
      await expect.poll(() => pressed(page, journey.italic)).toBe('true');

      // Colour from the palette, font and size from their lists, centred by Ctrl+E.
      await page.locator('.format-color > button').click();
      await page.locator('.format-swatch[aria-label="#c0392b"]').click();
      await page.locator('.format-font').selectOption('Noto Serif SC');
      await page.locator('.format-size').selectOption('24');
      await content.focus();
      await page.keyboard.press(`${Mod}+e`);
      await expect.poll(() => pressed(page, journey.center)).toBe('true');
      // The web font's stylesheet is linked once chosen.
      expect(await page.locator('link[href="/fonts/noto-serif-sc/400.css"]').count()).toBe(1);

      // Another line: underline and strike by shortcut, Tab indents; undo and redo by keys.
      await move(page, 'End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Indented line');
      await selectLine(page, 'Indented line');
      await page.keyboard.press(`${Mod}+u`);
      await page.keyboard.press(`${Mod}+Shift+s`);
      await move(page, 'End');
      await page.keyboard.press('Tab');
      await expect.poll(() => content.locator('p[style*="text-indent"]').count()).toBe(1);
      await page.keyboard.press(`${Mod}+z`);
      await expect.poll(() => content.locator('p[style*="text-indent"]').count()).toBe(0);
      await page.keyboard.press(`${Mod}+Shift+z`);
      await expect.poll(() => content.locator('p[style*="text-indent"]').count()).toBe(1);
      await settle(page);

      // An image through the toolbar: shown at once, then from the media host.
      await move(page, 'End');
      await page.keyboard.press('Enter');
      const chooser = page.waitForEvent('filechooser');
      await page.locator(`.format-toolbar button[aria-label="${journey.image}"]`).click();
      await (await chooser).setFiles(imagePath);
      await page.locator('.ze-tip-text', { hasText: journey.uploaded }).waitFor();
      const image = content.locator('img');
      await expect.poll(() => image.getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);
      expect(await image.getAttribute('data-upload-id')).toBeNull();

      // Autosave (7 s after the last change) stores it all.
      await expect
        .poll(
          async () => {
            const res = await context.request.get(`${server.origin}/api/articles/${id}/`);
            return ((await res.json()) as { content: string }).content;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toContain('/media/');

      await page.reload();
      await page.waitForSelector('[data-editor-ready="true"]');
      await page.locator('.ProseMirror', { hasText: 'Indented line' }).waitFor({ timeout: 45_000 });
      await page.waitForLoadState('networkidle');
      const styled = content.locator('strong em, em strong').first();
      expect(await styled.textContent()).toBe('Styled words');
      const span = content.locator('span[style*="font-size"]', { hasText: 'Styled words' }).first();
      const spanStyle = (await span.getAttribute('style')) ?? '';
      expect(spanStyle).toMatch(/color:\s*(#c0392b|rgb\(192, 57, 43\))/);
      expect(spanStyle).toContain('font-size: 24px');
      expect(spanStyle).toContain('Noto Serif SC');
      expect(await content.locator('p', { hasText: 'Styled words' }).getAttribute('style')).toContain('text-align: center');
      const indented = content.locator('p', { hasText: 'Indented line' });
      expect(await indented.getAttribute('style')).toContain('text-indent: 2em');
      expect(await indented.locator('u').count()).toBe(1);
      expect(await indented.locator('s').count()).toBe(1);
      // The font an opened article uses is loaded again.
      await expect.poll(() => page.locator('link[href="/fonts/noto-serif-sc/400.css"]').count()).toBe(1);

      // The image is served by /media/..., 1080 px wide (scaled in the browser from 1600).
      const src = (await image.getAttribute('src')) ?? '';
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
      // Its size travels with it, so a reader's page keeps its place while it loads.
      expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['1080', '608']);
      const served = await context.request.get(`${server.origin}${new URL(src, server.origin).pathname}`);
      expect(served.status()).toBe(200);
      expect((await sharp(await served.body()).metadata()).width).toBe(1080);

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('asks to save a new article before an image is uploaded', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signIn(context);
    await page.goto(`${server.origin}/editor`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ProseMirror').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.format-toolbar button[aria-label="Insert image"]').click();
    await (await chooser).setFiles(imagePath);
    await page.locator('.ze-tip-text', { hasText: 'Please save the article before uploading an image' }).waitFor();
    expect(await page.locator('.ProseMirror img').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with the traffic used up the tip stays and opens the upgrade prompt; copy says so; theme and background are saved', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page, [/412/]);
    await signIn(context, 'bob');
    await page.goto(`${server.origin}/editor?article=${spentArticleId}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ProseMirror', { hasText: 'Look and limits.' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The image panel shows the month's traffic.
    await expect.poll(() => page.locator('.traffic-meter').textContent()).toContain('100 MB of 100 MB');

    await page.locator('.ProseMirror').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.format-toolbar button[aria-label="Insert image"]').click();
    await (await chooser).setFiles(imagePath);
    const tip = page.locator('.ze-tip', { hasText: 'upload traffic for this month is used up' });
    await tip.waitFor();
    expect(await page.locator('.ProseMirror img').count()).toBe(0);
    // No timeout: still there after the usual 6 s of an error tip.
    await page.waitForTimeout(6500);
    expect(await tip.count()).toBe(1);
    await tip.locator('.ze-tip-action', { hasText: 'Upgrade' }).click();
    const prompt = page.locator('[role="dialog"].upgrade-prompt');
    await prompt.waitFor();
    expect(await prompt.locator('h2').textContent()).toBe('Upload traffic used up');
    expect(await prompt.locator('a[href="/member/"][target="_blank"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });

    // The context menu at the pointer: copy the selected words.
    await page.locator('.ProseMirror p').first().dblclick();
    await page.locator('.ProseMirror p').first().click({ button: 'right' });
    const menu = page.locator('.editor-context-menu');
    await menu.waitFor();
    // The keyboard walks it: the first item has the focus, ArrowDown goes to Copy, Enter copies.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Cut/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Copy/);
    await page.keyboard.press('Enter');
    await page.locator('.ze-tip-text', { hasText: 'Copied' }).waitFor();
    await menu.waitFor({ state: 'detached' });
    // Escape closes it and gives the writing its focus back.
    await page.locator('.ProseMirror p').first().click({ button: 'right' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('ProseMirror'))).toBe(true);

    // The typing sound and immersive mode: remembered, and Escape leaves immersive mode.
    const sound = page.locator('.look-controls button', { hasText: 'Typing sound' });
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('zine:state') ?? '{}').typingSound)).toBe(true);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('ab');
    await page.locator('.look-controls button', { hasText: 'Immersive mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('editor-immersive'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('editor-immersive'))).toBe(false);

    // Theme 2 and the second background become the article's theme and style.
    await page.locator('.look-theme > button').click();
    await page.locator('.look-theme-option', { hasText: 'Red Wall Memories' }).click();
    await page.locator('.look-background').click();
    await page.locator('.look-background').click();
    expect(await page.locator('.ze-document').getAttribute('class')).toContain('article--theme-2 article--bg-linen');
    expect(await page.locator('link[rel="stylesheet"][href^="/themes/theme-2.css"]').count()).toBe(1);
    await expect
      .poll(
        async () => {
          const res = await context.request.get(`${server.origin}/api/articles/${spentArticleId}/`);
          const article = (await res.json()) as { theme: string; style: string };
          return `${article.theme} ${article.style}`;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('theme-2 linen');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('uploads a pasted or dropped image as it is when at most 1080 px wide; the title image is chosen, saved and removed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signIn(context);
    await serveMediaFromLiveServer(context);
    await page.goto(`${server.origin}/editor?article=${pasteArticleId}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ProseMirror', { hasText: 'Paste below.' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ProseMirror').click();
    await move(page, `${Mod}+End`);
    const small = (await pngOf(300, 200)).toString('base64');
    await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }));
      const target = document.querySelector('.ProseMirror');
      target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, small);
    await page.locator('.ze-tip-text', { hasText: 'Upload succeeded' }).waitFor();
    const image = page.locator('.ProseMirror img');
    expect(await image.count()).toBe(1);
    await expect.poll(() => image.getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['300', '200']);
    const pastedSrc = await image.getAttribute('src');

    // A dropped image uploads too, where it is dropped.
    await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const target = document.querySelector('.ProseMirror p');
      const box = target?.getBoundingClientRect();
      target?.dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, clientX: box?.right ?? 0, clientY: (box?.top ?? 0) + 4 }),
      );
    }, small);
    await expect.poll(() => image.count()).toBe(2);
    // Dropped on the first paragraph: it comes before the pasted one, with a new name.
    await expect.poll(() => image.nth(0).getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);
    expect(await image.nth(0).getAttribute('src')).not.toBe(pastedSrc);

    // The title image: chosen, uploaded, saved as the cover; then removed.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.title-image-choose').click();
    await (await chooser).setFiles(imagePath);
    const cover = page.locator('.title-image img');
    await expect.poll(() => cover.getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);
    const coverOf = async () =>
      ((await (await context.request.get(`${server.origin}/api/articles/${pasteArticleId}/`)).json()) as { cover_url: string }).cover_url;
    await expect.poll(coverOf, { timeout: 20_000, interval: 500 }).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);
    await page.locator('.title-image-button', { hasText: 'Remove' }).click();
    expect(await cover.count()).toBe(0);
    await expect.poll(coverOf, { timeout: 20_000, interval: 500 }).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks a remote image that cannot load', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page, [/404/]);
    await signIn(context);
    await page.goto(`${server.origin}/editor?article=${brokenArticleId}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ProseMirror', { hasText: 'Broken below.' }).waitFor();
    await expect.poll(() => page.locator('.ProseMirror img').getAttribute('data-status')).toBe('invalid_remote_file');
    expect(problems).toEqual([]);
    await context.close();
  });
});
