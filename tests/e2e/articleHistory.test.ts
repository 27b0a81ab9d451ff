import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

// The editor's History panel (docs/decisions/071): an autosave keeps a version, the panel lists
// it, shows what it added, and Restore puts an older version back as a new one.
// SHOTS_DIR, when set, receives a screenshot of the list and of a version's changes.

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let annId = 0;
let annSession: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  annId = (await createPerson(server.database, 'ann')).id;
  const context = await browser.newContext();
  await signInBrowser(context, server.origin, 'ann@example.com', PASSWORD);
  annSession = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const journeys = [
  {
    locale: 'en',
    history: 'History',
    current: 'the current text',
    restore: 'Restore this version',
    restored: 'Version restored',
    first: 'The lake was still.',
    typed: ' Boats came home.',
  },
  { locale: 'zh-CN', history: '历史版本', current: '当前文本', restore: '恢复此版本', restored: '已恢复此版本', first: '湖面很平静。', typed: '小船回来了。' },
  { locale: 'zh-TW', history: '歷史版本', current: '目前文字', restore: '還原此版本', restored: '已還原此版本', first: '湖面很平靜。', typed: '小船回來了。' },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('the History panel in Chromium', () => {
  for (const journey of journeys) {
    for (const width of [1280, 390]) {
      it(`lists the autosave, shows what it added and restores the version before it (${journey.locale}, ${width} px)`, async () => {
        const id = await writeArticle(server.database, annId, `lake-${journey.locale}-${width}`.toLowerCase(), {
          title: journey.first,
          content: `<p>${journey.first}</p>`,
          visibility: 'private',
        });
        const context = await browser.newContext({ viewport: { width, height: 800 }, locale: journey.locale, storageState: annSession });
        const page = await context.newPage();
        const problems = watchForErrors(page);
        await page.goto(`${server.origin}/editor?article=${id}`);
        await page.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');

        await page.locator('.ze-content').click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type(journey.typed, { delay: 5 });
        // The autosave, 7 s after the last keystroke.
        await expect.poll(() => page.locator('.ze-save-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('modified');
        await expect.poll(() => page.locator('.ze-save-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('null');

        await page.locator('.ze-topbar button', { hasText: journey.history }).click();
        const items = page.locator('.ze-history-item');
        await expect.poll(() => items.count()).toBe(2);
        await shot(page, `${journey.locale}-${width}-list`);

        // The autosave against the text before it: what was typed, marked as added.
        await items.first().click();
        const added = page.locator('.ze-history-text ins');
        await expect.poll(() => added.allTextContents().then((texts) => texts.join(''))).toContain(journey.typed.trim().slice(0, 2));
        await shot(page, `${journey.locale}-${width}-diff`);

        // The text before the autosave against the current text: what was typed, marked as removed; then put back.
        await page.locator('.ze-history-version .ze-button').first().click();
        await items.last().click();
        await page.locator('.ze-history-compare button', { hasText: journey.current }).click();
        await expect
          .poll(() =>
            page
              .locator('.ze-history-text del')
              .allTextContents()
              .then((texts) => texts.join('')),
          )
          .toContain(journey.typed.trim().slice(0, 2));
        await shot(page, `${journey.locale}-${width}-current`);
        await page.locator('.ze-history-version .ze-button-primary', { hasText: journey.restore }).click();
        await page.locator('.ze-dialog .ze-button-primary').click();
        await page.locator('.ze-tip-text', { hasText: journey.restored }).waitFor();
        await expect.poll(() => page.locator('.ze-content').textContent()).toBe(journey.first);
        const stored = await server.database.db.selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
        expect(stored.content).toBe(`<p>${journey.first}</p>`);

        // Nothing is lost: the restore is a new version on top of the autosave.
        await page.locator('.ze-topbar button', { hasText: journey.history }).click();
        await expect.poll(() => items.count()).toBe(3);
        expect(problems).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
