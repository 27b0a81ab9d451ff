import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../server/pdf/chromiumExecutable';
import { CHROMIUM_ARGS } from '../../server/pdf/chromiumRenderer';
import { writeArticle } from '../support/articles';
import { watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { pdfContents } from '../support/pdfText';
import { createPerson, PASSWORD } from '../support/people';

/**
 * The fresh-machine path (docs/decisions/030) on every run: with CHROMIUM_PATH naming no file, both the
 * browser that drives the journey and the server's PDF export use the Chromium packaged in
 * @sparticuz/chromium, and a Chinese article's PDF carries its glyphs from the self-hosted font.
 */
const NOWHERE = '/nonexistent/chromium';
let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let articleId = 0;

beforeAll(async () => {
  const executable = await chromiumExecutable(NOWHERE);
  expect(executable.source).toBe('packaged');
  [browser, server] = await Promise.all([
    chromium.launch({ executablePath: executable.path, headless: true, args: [...CHROMIUM_ARGS] }),
    startLiveServer({ config: { chromiumPath: NOWHERE } }),
  ]);
  const mei = await createPerson(server.database, 'mei');
  articleId = await writeArticle(server.database, mei.id, 'xi-hu', {
    title: '西湖边的写作',
    language: 'zh-CN',
    content: '<p>我们在杭州的西湖边写作，湖水是灰绿色的。</p>',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('on the packaged Chromium', () => {
  it('reads, signs in through the form, and exports a Chinese article as a PDF with its glyphs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchForErrors(page);

    await page.goto(`${server.origin}/article/xi-hu/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: '西湖边的写作' }).waitFor();

    await page.goto(`${server.origin}/sign/in/?next=${encodeURIComponent(`/editor?article=${articleId}`)}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('input[type="email"]').fill('mei@example.com');
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form:not([role="search"]) button[type="submit"]').click();
    await page.waitForURL(`${server.origin}/editor?article=${articleId}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    // Reached inside the app, the editor links its own stylesheet (the server linked it only on a direct visit).
    expect(await page.locator('link[rel="stylesheet"][href^="/static/editor-"]').count()).toBe(1);

    const downloaded = page.waitForEvent('download', { timeout: 90_000 });
    await page.locator('.ze-pdf-button').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('西湖边的写作.pdf');
    const { text, fonts } = await pdfContents(fs.readFileSync(await download.path()));
    // NFKC: Chromium's text map names some shared glyphs by their Kangxi radical.
    const printed = text.normalize('NFKC').replace(/\s+/g, '');
    expect(printed).toContain('西湖边的写作');
    expect(printed).toContain('我们在杭州的西湖边写作');
    expect(
      fonts.some((name) => /NotoSerifSC/.test(name)),
      fonts.join(),
    ).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
