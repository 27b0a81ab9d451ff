import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadManifest, modulePreloads } from '../../server/render/manifest';
import { launchBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson } from '../support/people';
import { CLIENT_DIR } from '../support/testApp';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  await createPerson(server.database, 'alice');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  problems = watchForErrors(page, [/Failed to load resource: the server responded with a status of 404/]);
});

afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

async function open(path: string): Promise<number | undefined> {
  const response = await page.goto(server.origin + path);
  await page.waitForSelector('html[data-hydrated="true"]');
  return response?.status();
}

/** Waits until the element shows exactly this text (renders may trail the URL by a frame). */
async function waitForText(selector: string, text: string): Promise<void> {
  await page
    .locator(selector)
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .waitFor({ timeout: 5000 });
}

/** Marks the current document; the mark survives client-side navigation only. */
async function markDocument(): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

async function isSameDocument(): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

describe('the shell in Chromium', () => {
  it('hydrates the home page and navigates client-side without reloading the document', async () => {
    expect(await open('/')).toBe(200);
    await waitForText('h1', 'Discover the Fun of Creation');
    await markDocument();

    await page.getByRole('link', { name: 'Discover', exact: true }).click();
    await page.waitForURL(`${server.origin}/found/`);
    await waitForText('h1', 'Discover');
    await page.waitForFunction(() => document.title === 'Discover - Zine');
    expect(await page.locator('.progress-line').getAttribute('data-state')).toBe('finish');

    await page.getByRole('link', { name: 'Content Policy' }).click();
    await page.waitForURL(`${server.origin}/page/service/terms/`);
    await waitForText('h1', 'Terms of Service and Content Policy');

    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${server.origin}/`);
    expect(await isSameDocument()).toBe(true);
  });

  it('switches language with __lang and remembers the choice', async () => {
    await open('/found/');
    await page.getByRole('link', { name: '繁體中文' }).click();
    await page.waitForURL(`${server.origin}/found/?__lang=zh-TW`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-TW');
    await waitForText('h1', '發現');

    await open('/');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-TW');
    await waitForText('.site-header__slogan', '發現創作的樂趣');
    await page.getByRole('link', { name: '简体中文' }).click();
    await page.waitForSelector('html[lang="zh-CN"][data-hydrated="true"]');
    await waitForText('h1', '发现创作的乐趣');
  });

  it('renders the 404 screen, hydrates it, and goes home from its button without a reload', async () => {
    expect(await open('/no/such/page')).toBe(404);
    await waitForText('h1', 'This page could not be found');
    await page.waitForFunction(() => document.title === 'Page not found - Zine');
    await markDocument();
    await page.getByRole('link', { name: 'Zine', exact: true }).click();
    await page.waitForURL(`${server.origin}/`);
    await waitForText('h1', 'Discover the Fun of Creation');
    expect(await isSameDocument()).toBe(true);
  });

  it('navigates between column tabs client-side', async () => {
    await open('/@alice/');
    await markDocument();
    await page.getByRole('link', { name: 'Articles (0)' }).click();
    await page.waitForURL(`${server.origin}/@alice/articles`);
    await waitForText('h2', 'Articles');
    expect(await isSameDocument()).toBe(true);
  });

  it('sends a signed-out reader from a guarded page to sign in with next', async () => {
    await page.goto(`${server.origin}/profile/wallet/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(page.url()).toBe(`${server.origin}/sign/in/?next=%2Fprofile%2Fwallet%2F`);
    await waitForText('h1', 'Sign In');
  });

  it('reloads the page once when a code chunk fails to load, landing on the target', async () => {
    // A page outside the reader pages' chunk (which the home page has loaded already): the static pages.
    const manifest = loadManifest(CLIENT_DIR);
    const staticChunk = manifest.modules['client/pages/static/page.tsx']?.[0];
    expect(staticChunk).toBeDefined();
    expect(modulePreloads(manifest, ['client/pages/home/page.tsx'])).not.toContain(staticChunk);
    await open('/');
    await markDocument();
    let failures = 0;
    await page.route(`**${staticChunk}`, (route) => {
      if (failures++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page.getByRole('link', { name: 'Content Policy', exact: true }).click();
    // The failed chunk reloads the document at the target URL; the mark is gone.
    await page.waitForFunction(() => !(window as unknown as { __sameDocument?: boolean }).__sameDocument);
    await page.waitForSelector('html[data-hydrated="true"] h1:text("Terms of Service and Content Policy")');
    expect(page.url()).toBe(`${server.origin}/page/service/terms/`);
    expect(failures).toBe(2);
    problems.splice(0, problems.length, ...problems.filter((p) => !/net::ERR_CONNECTION_RESET/.test(p)));
  });

  it('tracks the page load with the stat cookies (user 30 days, session)', async () => {
    await open('/found/');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/log?')));
    const cookies = await page.context().cookies();
    const user = cookies.find((c) => c.name === 'zine_stat_uid');
    const session = cookies.find((c) => c.name === 'zine_stat_sid');
    expect(user?.path).toBe('/');
    expect((user?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(session?.expires).toBe(-1);
    const loads = await server.database.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('cate', '=', 'page')
      .where('path', '=', '/found/')
      .where('sid', '=', session?.value ?? '')
      .execute();
    expect(loads).toHaveLength(1);
    expect(loads[0]).toMatchObject({ event: 'load', page: 'found', version: '0.6.0', sid: session?.value, uid: user?.value });
  });

  it('works at a 375 px mobile width', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expect(page.getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
  });
});
