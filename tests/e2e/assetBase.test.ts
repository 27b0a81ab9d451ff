import http, { type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { pngOf } from '../support/images';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

/**
 * A CDN in front of the site (ASSET_BASE_URL, docs/decisions/036): another origin that pulls
 * /static files from the site and passes its answers on, headers included, as a pull-through
 * CDN does. It keeps the paths it served.
 */
async function startPullThroughCdn(): Promise<{ origin: string; served: string[]; setSite: (origin: string) => void; close: () => Promise<void> }> {
  let site = '';
  const served: string[] = [];
  const server: Server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (!path.startsWith('/static/')) {
      res.writeHead(404).end();
      return;
    }
    served.push(path);
    const upstream = http.get(`${site}${path}`, { headers: { 'accept-encoding': req.headers['accept-encoding'] ?? '' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    setSite: (origin) => {
      site = origin;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A free port, so the media host's origin can name the port the site then listens on. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the built client from a CDN (ASSET_BASE_URL)', () => {
  let browser: Browser;
  let cdn: Awaited<ReturnType<typeof startPullThroughCdn>>;
  let site: Awaited<ReturnType<typeof startLiveServer>>;
  let articleId = 0;

  beforeAll(async () => {
    cdn = await startPullThroughCdn();
    [browser, site] = await Promise.all([launchBrowser(), startLiveServer({ config: { port: await freePort(), assetBaseUrl: `${cdn.origin}/static` } })]);
    cdn.setSite(site.origin);
    const ann = await createPerson(site.database, 'ann');
    articleId = await writeArticle(site.database, ann.id, 'from-the-cdn', { title: 'From the CDN', content: '<p>Served by the edge.</p>' });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await cdn?.close();
  });

  it('loads the editor kernel and the uploader from the CDN, and they edit and upload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const fromSite: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${site.origin}/static/`)) fromSite.push(request.url());
    });
    await signInBrowser(context, site.origin, 'ann@example.com', PASSWORD);

    // Reach the editor by navigating inside the app, so its chunks and stylesheet load on demand.
    await page.goto(`${site.origin}/`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/editor?article=${articleId}`);
    await page.locator('.ProseMirror', { hasText: 'Served by the edge.' }).waitFor();
    await page.waitForSelector('[data-editor-ready="true"]');
    // The editor's own stylesheet came too: its toolbar is laid out by it.
    await expect.poll(() => page.locator('.format-toolbar').evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');

    await page.locator('.ProseMirror').click();
    await page.keyboard.press('Control+End');
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.format-toolbar button[aria-label="Insert image"]').click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngOf(640, 400) });
    await page.locator('.ze-tip-text', { hasText: 'Upload succeeded' }).waitFor();
    await expect.poll(() => page.locator('.ProseMirror img').getAttribute('src')).toMatch(/\/media\/[0-9a-f]{32}_hd\.png$/);

    expect(fromSite).toEqual([]);
    expect(cdn.served.some((path) => /\/static\/entry-\w+\.js$/.test(path))).toBe(true);
    expect(cdn.served.some((path) => /\/static\/EditorScreen-\w+\.js$/.test(path))).toBe(true);
    expect(cdn.served.some((path) => /\/static\/editor-\w+\.css$/.test(path))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('serves a reader its page styled and interactive from the CDN, the policy naming it', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const answer = await page.goto(`${site.origin}/`);
    expect(answer?.headers()['content-security-policy']).toContain(`script-src 'self' ${cdn.origin}`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? ''));
    expect(sheets.filter((href) => href.startsWith(`${cdn.origin}/static/`)).length).toBeGreaterThan(0);
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).margin)).toBe('0px');
    expect(problems).toEqual([]);
    await context.close();
  });
});
