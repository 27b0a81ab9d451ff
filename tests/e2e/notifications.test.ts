import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { launchBrowser, watchForErrors, signInBrowser } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;

const TITLE = 'Notes on green tea from the mountains';

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  const ann = await createPerson(server.database, 'ann');
  await createPerson(server.database, 'ben');
  await writeArticle(server.database, ann.id, 'green-tea', { title: TITLE });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs a browser context in through the API, as the sign-in form does. */
async function signIn(context: BrowserContext, name: string): Promise<void> {
  await signInBrowser(context, server.origin, `${name}@example.com`, PASSWORD);
}

/** Ben likes Ann's article afresh (undoing an earlier like first), through the real API. */
async function benLikes(): Promise<void> {
  const context = await browser.newContext();
  await signIn(context, 'ben');
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  for (const cancel of [true, false]) {
    const res = await context.request.post(`${server.origin}/api/columns/thumbsup/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { article_slug: 'green-tea', cancel },
    });
    expect(res.status()).toBe(200);
  }
  await context.close();
}

const journeys = [
  { locale: 'en', width: 1280, liked: 'liked your article', seeAll: 'See All Notifications', title: 'Notifications' },
  { locale: 'en', width: 375, liked: 'liked your article', seeAll: 'See All Notifications', title: 'Notifications' },
  { locale: 'zh-CN', width: 1280, liked: '赞了你的文章', seeAll: '查看全部通知', title: '消息通知' },
  { locale: 'zh-CN', width: 375, liked: '赞了你的文章', seeAll: '查看全部通知', title: '消息通知' },
] as const;

describe('the notification bell in Chromium', () => {
  for (const journey of journeys) {
    it(`shows another user's like and clears the count after opening (${journey.locale}, ${journey.width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width: journey.width, height: 800 }, locale: journey.locale });
      const page: Page = await context.newPage();
      const problems = watchForErrors(page);
      await signIn(context, 'ann');
      await benLikes();

      await page.goto(`${server.origin}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const badge = page.locator('.bell__badge');
      await badge.waitFor();
      expect(await badge.textContent()).toBe('1');
      const bell = page.locator('.bell__button');
      expect(await bell.evaluate((el) => getComputedStyle(el.querySelector('.bell__badge') ?? el).backgroundColor)).toBe('rgb(217, 48, 37)');

      const cleared = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/notification/?filter=unread'));
      await bell.click();
      const dropdown = page.locator('.bell__dropdown');
      const item = dropdown.locator('.notification--new', { hasText: journey.liked });
      await item.waitFor();
      expect(await item.locator('.notification__title').textContent()).toBe('Notes on green tea f…');
      expect(await item.locator('a.notification__actor').getAttribute('href')).toBe('/@ben');
      const box = await dropdown.boundingBox();
      expect(box?.width).toBe(280);
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= journey.width).toBe(true);
      expect(JSON.parse((await cleared).postData() ?? '{}')).toEqual({ read: true });
      await badge.waitFor({ state: 'detached' });

      // The count stays cleared on the next page load.
      const count = await page.evaluate(async () => (await fetch('/api/notification/count/?filter=unread')).json());
      expect(count).toEqual({ count: 1, next: null, previous: null, results: [{ unread_count: 0 }] });

      await dropdown.getByRole('link', { name: journey.seeAll }).click();
      await page.waitForURL(`${server.origin}/profile/notification/`);
      await page.locator('h1', { hasText: journey.title }).waitFor();
      await page.locator('.notification-list--page .notification', { hasText: journey.liked }).first().waitFor();
      expect(await page.locator('.bell__badge').count()).toBe(0);

      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('.notification-list--page .notification').first().waitFor();
      expect(await page.locator('.bell__badge').count()).toBe(0);
      await context.close();
      expect(problems).toEqual([]);
    });
  }

  it('pages the full list twenty at a time', async () => {
    const people = await server.database.db.selectFrom('users').select(['id', 'username']).execute();
    const id = (name: string) => people.find((p) => p.username === name)?.id ?? 0;
    const cai = await createPerson(server.database, 'cai');
    const start = Date.now() - 60 * 60_000;
    await server.database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          recipient_id: cai.id,
          actor_id: id('ben'),
          type: 'follow' as const,
          article_id: null,
          comment_id: null,
          created_at: start + i * 60_000,
          read_at: null,
        })),
      )
      .execute();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await signIn(context, 'cai');
    await page.goto(`${server.origin}/profile/notification/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.locator('.notification-list--page .notification').count()).toBe(20);
    expect(await page.locator('.notification-list--page .notification').first().textContent()).toContain('ben followed you');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${server.origin}/profile/notification/?page=2`);
    await page.getByText('Page 2 of 2').waitFor();
    // The page line can show before the list under load: wait for the list itself.
    await expect.poll(() => page.locator('.notification-list--page .notification').count()).toBe(5);
    expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Previous' }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('shows no bell to a signed-out reader and sends the list page to sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.bell').count()).toBe(0);
    await page.goto(`${server.origin}/profile/notification/`);
    await page.waitForURL(/\/sign\/in\//);
    await context.close();
    expect(problems).toEqual([]);
  });
});
