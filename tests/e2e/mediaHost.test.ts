import fs from 'node:fs';
import type { Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors } from '../support/browser';
import { pngOf } from '../support/images';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

const KEY = `${'5a'.repeat(16)}_hd.jpg`;

/** A free port, so the media store's origin can name the port the server then listens on. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('article images on the media host', () => {
  let browser: Browser | undefined;
  let server: Server | undefined;
  let origin = '';

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const store = new LocalMediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'zine-media-e2e-')), origin);
    const { app, database } = await testApp({ config: { port }, deps: { media: store } });
    const url = await store.save(
      KEY,
      await sharp(await pngOf(1600, 1000))
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    const ann = await createPerson(database, 'ann');
    const filler = `<p>${'A paragraph that pushes the picture below the fold. '.repeat(60)}</p>`;
    // Far below the fold: further than Chromium's own lazy-loading distance (up to 3000 px when it cannot tell the network).
    await writeArticle(database, ann.id, 'pictures', { content: `${filler.repeat(6)}<p><img src="${url}" width="1600" height="1000" alt="A photo"></p>` });
    [browser, server] = await Promise.all([
      launchBrowser(),
      new Promise<Server>((resolve) => {
        const s = app.listen(port, '127.0.0.1', () => resolve(s));
      }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it.each([
    [1280, 1],
    [375, 2],
  ])('are fetched only resized to their width, as webp (%i px at %ix)', async (width, deviceScaleFactor) => {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/')) fetched.push(request.url());
    });
    await page.goto(`${origin}/article/pictures/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const image = page.locator('.article__content img');
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.article__content img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const shown = await image.evaluate((img: HTMLImageElement) => img.clientWidth);
    const expected = Math.ceil((shown * deviceScaleFactor) / 160) * 160;
    expect(fetched).toEqual([`${origin}/media/${KEY}?imageView2/2/w/${expected}/q/89/format/webp`]);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(expected);
    expect(problems).toEqual([]);
    await context.close();
  });
});
