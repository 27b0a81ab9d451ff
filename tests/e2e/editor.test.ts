import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle, writtenAgo } from '../support/articles';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let annId = 0;
let annSession: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  annId = (await createPerson(server.database, 'ann')).id;
  // One sign-in for the file (sign-ins are rate limited); every context starts from its cookies.
  const context = await browser.newContext();
  await signIn(context, 'ann');
  annSession = await context.storageState();
  await context.close();
});

/** A browser context signed in as Ann. */
function signedInContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, storageState: annSession });
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs a context in through the API, as the sign-in form does. */
async function signIn(context: BrowserContext, name: string): Promise<void> {
  await signInBrowser(context, server.origin, `${name}@example.com`, PASSWORD);
}

async function openEditor(page: Page, path = '/editor'): Promise<void> {
  await page.goto(`${server.origin}${path}`);
  await page.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
}

/** Types at the end of the document, as an author does. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.locator('.ze-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 5 });
}

async function storedArticle(id: number) {
  return server.database.db.selectFrom('articles').select(['title', 'content', 'author_id']).where('id', '=', id).executeTakeFirstOrThrow();
}

function articleIdOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('article'));
}

const journeys = [
  {
    locale: 'en',
    width: 1280,
    saved: 'Saved',
    modified: 'Modified',
    offline: 'Offline, kept on this device',
    conflict: '(conflict copy)',
    noAnswer: 'Save failed (no answer: kept on this device, retrying)',
  },
  {
    locale: 'zh-CN',
    width: 375,
    saved: '已保存',
    modified: '已修改',
    offline: '离线，已保存在本设备',
    conflict: '（冲突副本）',
    noAnswer: '保存失败 （无响应：已保存在本设备，正在重试）',
  },
] as const;

describe('the editor in Chromium', () => {
  for (const journey of journeys) {
    it(`writes an article, autosaves it after 7 s and finds it after a reload (${journey.locale}, ${journey.width} px)`, async () => {
      const context = await signedInContext({ locale: journey.locale, viewport: { width: journey.width, height: 800 } });
      const page = await context.newPage();
      const problems = watchForErrors(page);
      await openEditor(page);
      await page.locator('.ze-title').fill(`Autosaved ${journey.locale}`);
      await typeAtEnd(page, 'The first words of a long story.');
      await expect.poll(() => page.locator('.ze-save-status').textContent()).toBe(journey.modified);
      // No button: the autosave fires 7 s after the last change.
      await expect.poll(() => page.locator('.ze-save-status').textContent(), { timeout: 15_000 }).toBe(journey.saved);
      const id = articleIdOf(page);
      expect(id).toBeGreaterThan(0);
      const stored = await storedArticle(id);
      expect(stored).toMatchObject({ title: `Autosaved ${journey.locale}`, author_id: annId });
      expect(stored.content).toContain('The first words of a long story.');

      await page.reload();
      await page.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
      await expect.poll(() => page.locator('.ze-title').inputValue()).toBe(`Autosaved ${journey.locale}`);
      await expect.poll(() => page.locator('.ze-content').textContent()).toContain('The first words of a long story.');
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`keeps every word typed while the network is down and saves them when it returns (${journey.locale}, ${journey.width} px)`, async () => {
      const id = await writeArticle(server.database, annId, `offline-${journey.locale}`, {
        title: 'Offline draft',
        content: '<p>Before.</p>',
        visibility: 'private',
      });
      const context = await signedInContext({ locale: journey.locale, viewport: { width: journey.width, height: 800 } });
      const page = await context.newPage();
      const problems = watchForErrors(page, [/Failed to load resource|ERR_INTERNET_DISCONNECTED/]);
      await openEditor(page, `/editor?article=${id}`);
      await expect.poll(() => page.locator('.ze-content').textContent()).toContain('Before.');

      await context.setOffline(true);
      await typeAtEnd(page, ' Typed offline one.');
      await page.locator('.ze-topbar button', { hasText: journey.locale === 'en' ? /^Save$/ : /^保存$/ }).click();
      await expect.poll(() => page.locator('.ze-save-status').textContent(), { timeout: 10_000 }).toBe(journey.offline);
      // The failure is said once, with its cause.
      await page.locator('.ze-tip-error', { hasText: journey.noAnswer }).waitFor();
      await typeAtEnd(page, ' Typed offline two.');
      // Kept on the device meanwhile.
      const kept = await page.evaluate((key) => window.localStorage.getItem(key), `zine:editor:draft:${id}`);
      expect(kept).toContain('Typed offline one.');

      await context.setOffline(false);
      await expect.poll(async () => (await storedArticle(id)).content, { timeout: 20_000 }).toContain('Typed offline two.');
      const stored = await storedArticle(id);
      expect(stored.content).toContain('Before.');
      expect(stored.content).toContain('Typed offline one.');
      await expect.poll(() => page.locator('.ze-save-status').textContent(), { timeout: 15_000 }).toBe(journey.saved);
      await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `zine:editor:draft:${id}`)).toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`edits one article in two tabs and loses neither text (${journey.locale}, ${journey.width} px)`, async () => {
      const id = await writeArticle(server.database, annId, `two-tabs-${journey.locale}`, { title: `Shared ${journey.locale}`, content: '<p>Start.</p>' });
      const context = await signedInContext({ locale: journey.locale, viewport: { width: journey.width, height: 800 } });
      const [first, second] = [await context.newPage(), await context.newPage()];
      const problems = [...watchForErrors(first, [/409/]), ...watchForErrors(second, [/409/])];
      await openEditor(first, `/editor?article=${id}`);
      await openEditor(second, `/editor?article=${id}`);
      const save = journey.locale === 'en' ? /^Save$/ : /^保存$/;

      await typeAtEnd(first, ' Words of the first tab.');
      await typeAtEnd(second, ' Words of the second tab.');
      await first.locator('.ze-topbar button', { hasText: save }).click();
      await expect.poll(async () => (await storedArticle(id)).content).toContain('Words of the first tab.');
      await second.locator('.ze-topbar button', { hasText: save }).click();

      // The second tab's save was based on an older version: it shows the server's text and keeps its own as a copy.
      await expect.poll(() => second.locator('.ze-dialog').textContent(), { timeout: 10_000 }).toContain(journey.conflict);
      await expect.poll(() => second.locator('.ze-content').textContent()).toContain('Words of the first tab.');
      const copy = await server.database.db
        .selectFrom('articles')
        .select(['id', 'title', 'content'])
        .where('author_id', '=', annId)
        .where('title', 'like', `Shared ${journey.locale}%`)
        .where('id', '!=', id)
        .executeTakeFirstOrThrow();
      expect(copy.title).toContain(journey.conflict);
      expect(copy.content).toContain('Words of the second tab.');
      expect((await storedArticle(id)).content).toContain('Words of the first tab.');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('keeps words typed just before the tab closed and saves them on the next visit', async () => {
    const id = await writeArticle(server.database, annId, 'closed-tab', { title: 'Closed tab', content: '<p>Saved part.</p>' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openEditor(page, `/editor?article=${id}`);
    await expect.poll(() => page.locator('.ze-content').textContent()).toContain('Saved part.');
    await typeAtEnd(page, ' Typed right before the crash.');
    // Long before the 7 s autosave, once typing paused (0.6 s), the tab dies without a save or an unload handler.
    await page.waitForTimeout(1000);
    await page.close({ runBeforeUnload: false });
    expect((await storedArticle(id)).content).not.toContain('Typed right before the crash.');

    const again = await context.newPage();
    const problems = watchForErrors(again);
    await openEditor(again, `/editor?article=${id}`);
    await expect.poll(() => again.locator('.ze-tip-text').allTextContents()).toContain('Restored the changes kept on this device; saving them now');
    await expect.poll(async () => (await storedArticle(id)).content, { timeout: 10_000 }).toContain('Typed right before the crash.');
    await expect.poll(() => again.locator('.ze-content').textContent()).toContain('Typed right before the crash.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('warns before the page unloads while a change is unsaved, and not once it is saved', async () => {
    const id = await writeArticle(server.database, annId, 'unload-warning', { title: 'Unload', content: '<p>Text.</p>' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openEditor(page, `/editor?article=${id}`);
    await typeAtEnd(page, ' More.');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    // Right after typing (before the view handed the keys over): the unload handler still knows.
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await page.locator('.ze-topbar button', { hasText: /^Save$/ }).click();
    await expect.poll(() => page.locator('.ze-save-status').textContent()).toBe('Saved');
    let warned = false;
    page.once('dialog', (dialog) => {
      warned = true;
      void dialog.accept();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(warned).toBe(false);
    await context.close();
  });

  it('asks before opening another article while modified, and saves first when told to (zh-CN, 375 px)', async () => {
    const first = await writeArticle(server.database, annId, 'switch-one', { title: '第一篇', content: '<p>一。</p>' });
    await writeArticle(server.database, annId, 'switch-two', { title: '第二篇', content: '<p>二。</p>' });
    const context = await signedInContext({ locale: 'zh-CN', viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openEditor(page, `/editor?article=${first}`);
    await typeAtEnd(page, '新写的字');
    await page.locator('.ze-topbar [aria-pressed]').first().click();
    await page.locator('.ze-list-title', { hasText: '第二篇' }).click();
    await expect.poll(() => page.locator('.ze-dialog').textContent()).toContain('这篇文章有未保存的修改');
    await page.locator('.ze-dialog button', { hasText: '先保存' }).click();
    await expect.poll(() => page.locator('.ze-title').inputValue()).toBe('第二篇');
    expect((await storedArticle(first)).content).toContain('新写的字');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the update check shows a newer version saved elsewhere when the tab has no changes', async () => {
    const id = await writeArticle(server.database, annId, 'update-check', { title: 'Update check', content: '<p>Old text.</p>' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const [reader, writer] = [await context.newPage(), await context.newPage()];
    const problems = watchForErrors(reader);
    await openEditor(reader, `/editor?article=${id}`);
    await openEditor(writer, `/editor?article=${id}`);
    await typeAtEnd(writer, ' New text from elsewhere.');
    await writer.locator('.ze-topbar button', { hasText: /^Save$/ }).click();
    await expect.poll(async () => (await storedArticle(id)).content).toContain('New text from elsewhere.');
    await reader.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => reader.locator('.ze-content').textContent()).toContain('New text from elsewhere.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('moves an article to the trash after confirmation, restores it, and deletes it for good', async () => {
    const id = await writeArticle(server.database, annId, 'trash-me', { title: 'Trash me' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openEditor(page);
    const item = page.locator(`.ze-list-item[data-article-id="${id}"]`);
    await item.locator('button', { hasText: 'Delete' }).click();
    await expect.poll(() => page.locator('.ze-dialog').textContent()).toContain('Move "Trash me" to the trash?');
    await page.locator('.ze-dialog button', { hasText: 'Delete' }).click();
    await expect.poll(() => item.count()).toBe(0);
    await expect
      .poll(async () => (await server.database.db.selectFrom('articles').select('trashed').where('id', '=', id).executeTakeFirstOrThrow()).trashed)
      .toBeTruthy();

    await page.locator('.ze-list-actions button', { hasText: 'Trash' }).click();
    await page.locator(`.ze-list-item[data-article-id="${id}"] button`, { hasText: 'Restore' }).click();
    await expect
      .poll(async () => (await server.database.db.selectFrom('articles').select('trashed').where('id', '=', id).executeTakeFirstOrThrow()).trashed)
      .toBeFalsy();

    await page.locator('.ze-list-actions button', { hasText: 'Back to articles' }).click();
    await page.locator(`.ze-list-item[data-article-id="${id}"] button`, { hasText: 'Delete' }).click();
    await page.locator('.ze-dialog button', { hasText: 'Delete' }).click();
    await page.locator('.ze-list-actions button', { hasText: 'Trash' }).click();
    await page.locator(`.ze-list-item[data-article-id="${id}"] button`, { hasText: 'Delete for good' }).click();
    await expect.poll(() => page.locator('.ze-dialog').textContent()).toContain('Delete "Trash me" for good?');
    await page.locator('.ze-dialog button', { hasText: 'Delete' }).click();
    await expect.poll(async () => (await server.database.db.selectFrom('articles').select('id').where('id', '=', id).executeTakeFirst()) ?? null).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('publishes, shares by link and tags an article; the list shows its marks', async () => {
    const id = await writeArticle(server.database, annId, 'publish-me', { title: 'Publish me', visibility: 'private' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openEditor(page, `/editor?article=${id}`);
    const item = page.locator(`.ze-list-item[data-article-id="${id}"]`);
    const bar = page.locator('.ze-publish');
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => bar.locator('.ze-view-published').getAttribute('href')).toBe('/article/publish-me/');
    await expect.poll(() => item.locator('.ze-mark').allTextContents()).toContain('Public');
    const api = async () =>
      (await context.request.get(`${server.origin}/api/articles/${id}/`)).json() as Promise<{ visibility: string; tags: string[]; shared_marks: string[] }>;
    expect((await api()).visibility).toBe('public');
    await bar.getByRole('button', { name: 'Unpublish' }).click();
    await expect.poll(async () => (await api()).visibility).toBe('private');
    await expect.poll(() => bar.locator('.ze-view-published').count()).toBe(0);

    await page.locator('.ze-publish button', { hasText: 'Share links' }).click();
    await page.locator('.ze-share-panel button', { hasText: 'Create link' }).click();
    const link = page.locator('.ze-share-links input');
    await expect.poll(() => link.inputValue()).toMatch(/\/article\/publish-me\?share=/);
    await expect.poll(() => item.locator('.ze-mark').allTextContents()).toContain('Shared by link');
    const shared = await context.browser()?.newContext();
    if (!shared) throw new Error('no browser');
    const shareUrl = new URL(await link.inputValue());
    const visit = await shared.request.get(`${server.origin}${shareUrl.pathname}${shareUrl.search}`);
    expect(visit.status()).toBe(200);
    await shared.close();

    await page.locator('.ze-tag-input').fill('tea');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api()).tags).toEqual(['tea']);
    await page.locator('.ze-share-links button', { hasText: 'Revoke' }).click();
    await expect.poll(() => page.locator('.ze-share-links input').count()).toBe(0);
    await expect.poll(async () => (await api()).shared_marks).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists 20 articles a page and loads the next as the list scrolls', async () => {
    const ben = await createPerson(server.database, 'ben');
    for (let i = 1; i <= 25; i++) await writeArticle(server.database, ben.id, `ben-${i}`, { title: `Ben number ${i}`, ...writtenAgo(i * 60_000) });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signIn(context, 'ben');
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await openEditor(page);
    await expect.poll(() => page.locator('.ze-list-item').count()).toBeGreaterThanOrEqual(20);
    await expect(page.locator('.ze-list-title').first().textContent()).resolves.toBe('Ben number 1');
    await page.locator('.ze-load-more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.ze-list-item').count()).toBe(25);
    await expect.poll(() => page.locator('.ze-load-more').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens nobody else's article: load article failed 404, and the address forgets it", async () => {
    const dee = await createPerson(server.database, 'dee');
    const theirs = await writeArticle(server.database, dee.id, 'dee-private', { title: 'Not yours', visibility: 'private' });
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page, [/404/]);
    await openEditor(page, `/editor?article=${theirs}`);
    await expect.poll(() => page.locator('.ze-tip-text').allTextContents()).toContain('Load article failed 404');
    await expect.poll(() => new URL(page.url()).searchParams.has('article')).toBe(false);
    await expect(page.locator('.ze-title').inputValue()).resolves.toBe('');
    expect((await storedArticle(theirs)).title).toBe('Not yours');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("tells the author 'ZineEditor Module not found' when the editor's code cannot load", async () => {
    const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route(/EditorScreen-[A-Z0-9]+\.js$/, (route) => route.abort());
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.origin}/editor`);
    await expect.poll(() => alerts).toEqual(['ZineEditor Module not found']);
    await expect.poll(() => page.locator('.ze-skeleton-text').textContent()).toBe('ZineEditor Module not found');
    await context.close();
  });
});
