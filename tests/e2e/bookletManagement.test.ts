import type { Server } from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { createBooklet } from '../../server/content/createBooklet';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { createPerson, PASSWORD } from '../support/people';
import { testApp } from '../support/testApp';

let browser: Browser;
let server: { origin: string; database: Database; close: () => Promise<void> };

const ARTICLES = { tea: 'Green tea in the mountains', rain: 'Walking in the rain', river: 'The river at dawn' } as const;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), serverOnKnownPort()]);
  const bea = await createPerson(server.database, 'bea');
  await writeArticle(server.database, bea.id, 'green-tea', { title: ARTICLES.tea });
  await writeArticle(server.database, bea.id, 'walking-rain', { title: ARTICLES.rain });
  await writeArticle(server.database, bea.id, 'river-dawn', { title: ARTICLES.river });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The app on a port chosen before it starts, so that its public origin (and the media host's,
 * which names the covers' URLs) is the address the browser visits.
 */
async function serverOnKnownPort(): Promise<typeof server> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const { app, database } = await testApp({ config: { port, publicOrigin: origin } });
  const listening: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    origin,
    database,
    close: () =>
      new Promise<void>((resolve) => {
        listening.closeAllConnections();
        listening.close(() => resolve());
      }),
  };
}

/** Signs a browser context in through the API, as the sign-in form does. */
async function signIn(context: BrowserContext, name: string): Promise<void> {
  await signInBrowser(context, server.origin, `${name}@example.com`, PASSWORD);
}

/** The tree's rows, top to bottom, as "title" (indented by two spaces a level). */
async function treeRows(manager: Locator): Promise<string[]> {
  return manager
    .locator('.zb-tree-item')
    .evaluateAll((items) =>
      items.map((item) => `${'  '.repeat(Number(item.getAttribute('aria-level')) - 1)}${item.querySelector('.zb-row-title')?.textContent ?? ''}`),
    );
}

function row(manager: Locator, title: string): Locator {
  return manager.locator('.zb-row', { has: manager.page().locator('.zb-row-title', { hasText: title }) });
}

/** Drags one row onto a spot of another (fraction of its height: 0.1 before, 0.5 inside a directory, 0.9 after). */
async function dragRow(page: Page, manager: Locator, from: string, to: string, at: number): Promise<void> {
  const target = row(manager, to);
  const box = await target.boundingBox();
  if (!box) throw new Error(`no row ${to}`);
  const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/api/booklet/'));
  await row(manager, from).dragTo(target, { targetPosition: { x: box.width / 2, y: box.height * at } });
  expect((await saved).status()).toBe(200);
}

describe('booklet management in the editor', () => {
  it('builds a booklet of two directories, reorders it by drag and drop, and a visitor reads the new order', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, 'bea');
    const page = await context.newPage();
    const problems = watchForErrors(page);
    expect((await page.goto(`${server.origin}/editor`))?.status()).toBe(200);
    await page.waitForSelector('html[data-hydrated="true"]');

    await page.locator('.ze-navigation').getByRole('tab', { name: 'Booklets' }).click();
    const manager = page.locator('.zb-manager');
    await manager.getByText('No booklets yet').waitFor();

    // Create with a cover.
    await manager.getByRole('button', { name: 'New booklet' }).click();
    await manager.getByLabel('Name').fill('Seasons of the valley');
    await manager.getByLabel('Heading').fill('Short walks, long views');
    const cover = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
    await manager.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await manager.getByRole('button', { name: 'Create' }).click();
    await manager.getByRole('heading', { name: 'Seasons of the valley' }).waitFor();
    expect(await manager.locator('.zb-detail-head img').getAttribute('src')).toMatch(/\/media\/booklets\/[0-9a-f]{32}_hd\.png$/);

    // Two directories at the top level.
    for (const title of ['Spring', 'Autumn']) {
      await manager.getByRole('button', { name: '+ Add directory' }).first().click();
      await manager.getByLabel('Directory title').fill(title);
      await manager.getByRole('button', { name: 'Save' }).click();
      await row(manager, title).waitFor();
    }

    // Articles into each directory through the add-existing-article dialog.
    const addArticles = async (directory: string, titles: string[]) => {
      await row(manager, directory).click();
      await manager.locator('.zb-row-tools').getByRole('button', { name: '+ Add article' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Add an article to “${directory}”` }).waitFor();
      for (const title of titles) {
        await dialog.locator('.zb-picker-item', { hasText: title }).getByRole('button', { name: 'Add', exact: true }).click();
        await dialog.locator('.zb-picker-item', { hasText: title }).getByRole('button', { name: 'Added' }).waitFor();
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
    };
    await addArticles('Spring', [ARTICLES.tea, ARTICLES.rain]);
    await addArticles('Autumn', [ARTICLES.river]);
    await expect.poll(() => treeRows(manager)).toEqual(['Spring', `  ${ARTICLES.tea}`, `  ${ARTICLES.rain}`, 'Autumn', `  ${ARTICLES.river}`]);

    // Drag Autumn above Spring, then the rain chapter into Autumn.
    await dragRow(page, manager, 'Autumn', 'Spring', 0.1);
    await expect.poll(() => treeRows(manager)).toEqual(['Autumn', `  ${ARTICLES.river}`, 'Spring', `  ${ARTICLES.tea}`, `  ${ARTICLES.rain}`]);
    await dragRow(page, manager, ARTICLES.rain, 'Autumn', 0.5);
    await expect.poll(() => treeRows(manager)).toEqual(['Autumn', `  ${ARTICLES.river}`, `  ${ARTICLES.rain}`, 'Spring', `  ${ARTICLES.tea}`]);

    // The keyboard way: the tea chapter's Move up button is disabled (first in Spring); the rain chapter moves above the river.
    await row(manager, ARTICLES.rain).click();
    const saved = page.waitForResponse((res) => res.request().method() === 'PUT');
    await manager.getByRole('button', { name: 'Move up' }).click();
    await saved;
    await expect.poll(() => treeRows(manager)).toEqual(['Autumn', `  ${ARTICLES.rain}`, `  ${ARTICLES.river}`, 'Spring', `  ${ARTICLES.tea}`]);

    const readLink = await manager.getByRole('link', { name: 'Read' }).getAttribute('href');
    expect(readLink).toMatch(/^\/booklet\/[a-z0-9]{12}\/$/);
    expect(problems).toEqual([]);

    // A visitor without a session reads the booklet in the new order.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reader = await visitor.newPage();
    const readerProblems = watchForErrors(reader);
    expect((await reader.goto(`${server.origin}${readLink ?? ''}`))?.status()).toBe(200);
    await reader.waitForSelector('html[data-hydrated="true"]');
    await reader.locator('h1', { hasText: 'Seasons of the valley' }).waitFor();
    const catalogue = await reader.locator('#booklet-catalogue').innerText();
    const positions = ['Autumn', ARTICLES.rain, ARTICLES.river, 'Spring', ARTICLES.tea].map((text) => catalogue.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(readerProblems).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it('prices a booklet in its form; a visitor then meets the price, and at 0 reads the paid chapter free', async () => {
    // An author of its own: the other journeys count bea's booklets.
    const cal = await createPerson(server.database, 'cal');
    const article = await writeArticle(server.database, cal.id, 'paid-words', { title: 'Paid words', content: '<p>Words only buyers read.</p>' });
    await createBooklet(
      server.database.db,
      {
        slug: 'priced-by-form',
        ownerId: cal.id,
        name: 'Priced by form',
        items: [{ type: 'article', articleId: article, slug: 'paid', salesMode: 'payment_required' }],
      },
      Date.now(),
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, 'cal');
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reader = await visitor.newPage();
    const readerProblems = watchForErrors(reader);
    const chapterText = async () => {
      await reader.goto(`${server.origin}/booklet/priced-by-form/paid/`);
      await reader.waitForSelector('html[data-hydrated="true"]');
      return reader.locator('main').innerText();
    };
    // Unpriced, the chapter reads free.
    expect(await chapterText()).toContain('Words only buyers read.');

    const setPrice = async (price: string) => {
      await page.goto(`${server.origin}/editor`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('.ze-navigation').getByRole('tab', { name: 'Booklets' }).click();
      const manager = page.locator('.zb-manager');
      await manager.getByText('Priced by form').first().click();
      await manager.getByRole('heading', { name: 'Priced by form' }).waitFor();
      await manager.getByRole('button', { name: 'Edit' }).first().click();
      await manager.getByLabel('Price (yuan)').fill(price);
      const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/booklet/'));
      await manager.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
    };
    await setPrice('8.80');
    const text = await chapterText();
    expect(text).not.toContain('Words only buyers read.');
    expect(text).toContain('¥8.80');
    await setPrice('0');
    expect(await chapterText()).toContain('Words only buyers read.');
    expect(problems).toEqual([]);
    expect(readerProblems).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it('moves a booklet to the trash after confirming, and restores it from the trash (zh-CN)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, 'bea');
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/editor?__lang=zh-CN`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.ze-navigation [role=tab]').nth(1).click();
    const manager = page.locator('.zb-manager');
    await manager.locator('.zb-card', { hasText: 'Seasons of the valley' }).click();
    await manager.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('把小册“Seasons of the valley”移到回收站？读者将无法再看到它。').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    await manager.getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '删除' }).click();
    await manager.getByText('还没有小册。', { exact: false }).waitFor();

    await manager.getByRole('tab', { name: '回收站' }).click();
    const trashed = manager.locator('.zb-card', { hasText: 'Seasons of the valley' });
    await trashed.getByRole('button', { name: '恢复' }).click();
    await manager.getByText('回收站是空的。').waitFor();
    await manager.getByRole('tab', { name: '我的小册' }).click();
    await manager.locator('.zb-card', { hasText: 'Seasons of the valley' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
