import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

// Export a PDF from the editor and open it; with export turned off
// on the server, the editor says plainly that export is unavailable.

type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

let browser: Browser;
let server: LiveServer;
let bare: LiveServer;
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'zine-pdf-e2e-')));
const articleIds: Record<string, number> = {};

beforeAll(async () => {
  // A cover on the media host, as an upload leaves it.
  const mediaDir = path.join(dataDirs[0] ?? '', 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  await sharp({ create: { width: 600, height: 300, channels: 3, background: '#5b7a6a' } })
    .png()
    .toFile(path.join(mediaDir, 'cover_hd.png'));
  [browser, server, bare] = await Promise.all([
    launchBrowser(),
    startLiveServer({ config: { dataDir: dataDirs[0] }, deps: { media: new LocalMediaStore(mediaDir, 'http://localhost:3000') } }),
    startLiveServer({ config: { dataDir: dataDirs[1], pdfExport: false } }),
  ]);
  for (const live of [server, bare]) {
    const ann = await createPerson(live.database, 'ann');
    for (const [slug, title, language] of [
      ['lake-letters', 'Letters from the Lake', 'en'],
      ['hu-shang', '湖上来信', 'zh-CN'],
    ] as const) {
      articleIds[`${live.origin}/${slug}`] = await writeArticle(live.database, ann.id, slug, {
        title,
        language,
        theme: 'theme-1',
        visibility: 'private',
        cover_url: live === server ? '/media/cover_hd.png' : '',
        content: '<p>The water was grey and still. 湖水是灰绿色的，柳枝垂到水里。</p><h2>Evening</h2><p style="font-family: Lora">A boat went by.</p>',
      });
    }
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), bare?.close()]);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(context: BrowserContext, origin: string): Promise<void> {
  await signInBrowser(context, origin, 'ann@example.com', PASSWORD);
}

const journeys = [
  {
    locale: 'en',
    width: 1280,
    slug: 'lake-letters',
    title: 'Letters from the Lake',
    exportLabel: 'Export PDF',
    download: 'Download PDF',
    ready: 'Your PDF is ready',
    left: '3 of 3 left this month',
    before: '3 left',
    after: '2 left',
  },
  {
    locale: 'zh-CN',
    width: 375,
    slug: 'hu-shang',
    title: '湖上来信',
    exportLabel: '导出 PDF',
    download: '下载 PDF',
    ready: 'PDF 已生成',
    left: '本月还可导出 2 次，共 3 次',
    before: '剩 2 次',
    after: '剩 1 次',
  },
] as const;

describe('PDF export in the editor', () => {
  for (const journey of journeys) {
    it(`exports the article and opens the PDF (${journey.locale}, ${journey.width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width: journey.width, height: 800 }, locale: journey.locale, acceptDownloads: true });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await signIn(context, server.origin);
      const id = articleIds[`${server.origin}/${journey.slug}`];
      await page.goto(`${server.origin}/editor?article=${id}`);
      await page.waitForSelector('[data-editor-ready="true"]');

      const button = page.locator('.ze-pdf-button');
      await expect.poll(() => button.textContent()).toBe(journey.exportLabel);
      // The month's quota, from GET /api/pdfs/, in the button's title.
      await expect.poll(() => button.getAttribute('title')).toContain(journey.left);
      const left = page.locator('.ze-pdf-left');
      await expect.poll(() => left.textContent()).toBe(journey.before);

      const downloaded = page.waitForEvent('download', { timeout: 60_000 });
      const told = page.locator('.ze-tip-text', { hasText: journey.ready }).waitFor({ timeout: 60_000 });
      await button.click();
      const download = await downloaded;
      await told;
      expect(download.suggestedFilename()).toBe(`${journey.title}.pdf`);
      const file = fs.readFileSync(await download.path());
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // CJK from the self-hosted Noto Serif SC; the web font the text names, from this server's /fonts.
      expect(file.toString('latin1')).toMatch(/\+NotoSerifSC/);
      expect(file.toString('latin1')).toMatch(/\+Lora-Regular/);
      // The cover, from the media host.
      expect(file.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

      await expect.poll(() => left.textContent()).toBe(journey.after);

      // The link stays for opening the file again.
      const link = page.locator('.ze-pdf-download');
      await expect.poll(() => link.textContent()).toBe(journey.download);
      const href = await link.getAttribute('href');
      expect(href).toBe(`/api/pdfs/article/${id}/file/`);
      const opened = await context.request.get(`${server.origin}${href}`);
      expect(opened.status()).toBe(200);
      expect(opened.headers()['content-type']).toBe('application/pdf');
      expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('opens the member-upgrade prompt with its reason when the month’s exports are used up', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    const page = await context.newPage();
    // The limit's own 403 is expected.
    const problems = watchForErrors(page, [/status of 403/]);
    await signIn(context, server.origin);
    const id = articleIds[`${server.origin}/lake-letters`];
    // Another tab used the last export meanwhile: the server answers the export with the limit.
    await page.route(`**/api/pdfs/article/${id}/`, (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ detail: 'pdf_limit' }) }),
    );
    await page.goto(`${server.origin}/editor?article=${id}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    await page.locator('.ze-pdf-button').click();
    const prompt = page.getByRole('dialog', { name: 'PDF exports used up' });
    await prompt.waitFor();
    const plans = prompt.getByRole('link', { name: 'See membership plans' });
    expect([await plans.getAttribute('href'), await plans.getAttribute('target')]).toEqual(['/member/', '_blank']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says plainly when the server cannot make PDFs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signIn(context, bare.origin);
    await page.goto(`${bare.origin}/editor?article=${articleIds[`${bare.origin}/lake-letters`]}`);
    await page.waitForSelector('[data-editor-ready="true"]');
    const button = page.locator('.ze-pdf-button');
    await expect.poll(() => button.textContent()).toBe('PDF unavailable');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.locator('.ze-pdf-note').textContent()).toBe('PDF export is unavailable on this server.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
