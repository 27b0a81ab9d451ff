import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { quotaMonth } from '../../shared/pageViewQuota';
import { writeArticle } from '../support/articles';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { sendJson, startFakeUpstream } from '../support/fakeUpstream';
import { startLiveServer } from '../support/liveServer';
import { createPerson } from '../support/people';

// Every article error reason renders its screen with the right status,
// and the photo viewer opens from an article image, pages and zooms; in en and zh-CN, 1280 and 375 px.
const DAY = 24 * 3600_000;

const site = demoSite(async (server) => {
  const { database } = server;
  const users = new UserDirectory(database.db, Date.now);
  const fine = await createPerson(database, 'fine_author');
  const lapsed = await createPerson(database, 'lapsed_author');
  const asleep = await createPerson(database, 'asleep_author', { status: 'inactive' });
  const popular = await createPerson(database, 'popular_author');
  await writeArticle(database, fine.id, 'screen-banned', { moderation: 'banned' });
  await writeArticle(database, fine.id, 'screen-suspended', { moderation: 'suspended' });
  await writeArticle(database, fine.id, 'screen-private', { visibility: 'private' });
  await writeArticle(database, lapsed.id, 'screen-expired');
  await writeArticle(database, asleep.id, 'screen-inactive');
  await writeArticle(database, popular.id, 'screen-quota');
  // A membership that ended yesterday, and a base user's month of page views used up.
  await users.setMembership(lapsed.email, 'premium', Date.now() + DAY);
  await database.db
    .updateTable('users')
    .set({ membership_expires_at: Date.now() - DAY })
    .where('id', '=', lapsed.id)
    .execute();
  await database.db
    .insertInto('page_views')
    .values({ author_id: popular.id, month: quotaMonth(Date.now()), count: 10_000_000 })
    .execute();
});

const REASONS = [
  { slug: 'screen-banned', status: 403, en: 'Access Forbidden', 'zh-CN': '禁止访问' },
  { slug: 'screen-suspended', status: 403, en: 'In Reviewing', 'zh-CN': '审核中' },
  { slug: 'screen-expired', status: 403, en: 'Suspend Access', 'zh-CN': '暂停访问', link: '/member/' },
  { slug: 'screen-gone', status: 404, en: 'deleted or unshared', 'zh-CN': '文章已被作者删除或取消分享' },
  { slug: 'screen-inactive', status: 403, en: 'not activated', 'zh-CN': '作者的账号尚未激活' },
  { slug: 'screen-private', status: 403, en: 'private again', 'zh-CN': '作者已将文章重新设为私密' },
  { slug: 'screen-quota', status: 403, en: "This month's page views are used up", 'zh-CN': '本月访问量已用完', link: '/member/' },
] as const;

const VIEWER = {
  en: { next: 'Next photo', previous: 'Previous photo' },
  'zh-CN': { next: '下一张', previous: '上一张' },
} as const;

const CASES = [
  ['en', 1280],
  ['en', 375],
  ['zh-CN', 1280],
  ['zh-CN', 375],
] as const;

async function openPage(lang: string, width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ viewport: { width, height: 800 }, extraHTTPHeaders: { 'Accept-Language': lang } });
  const page = await context.newPage();
  return { page, problems: watchForErrors(page, [/status of 40[34]/]) };
}

describe('the article error screens, in Chromium', () => {
  it.each(CASES)('render each reason with its status and title (%s, %i px)', async (lang, width) => {
    const { page, problems } = await openPage(lang, width);
    for (const reason of REASONS) {
      const response = await page.goto(`${site.server.origin}/article/${reason.slug}/`);
      expect(response?.status(), reason.slug).toBe(reason.status);
      await page.waitForSelector('html[data-hydrated="true"]');
      const title = page.locator('h1', { hasText: reason[lang] });
      await title.waitFor();
      if ('link' in reason) expect(await page.locator(`main a[href="${reason.link}"]`).count(), reason.slug).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    }
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('renders a reason the site does not know as "Due to unknown reason" with the backend’s status', async () => {
    const upstream = await startFakeUpstream((req, res) => {
      if (req.url.startsWith('/api/article/')) sendJson(res, 403, { detail: 'Lost In Space' });
      else if (req.url.startsWith('/api/accounts/info/')) sendJson(res, 200, {});
      else sendJson(res, 404, { detail: 'Not found.' });
    });
    const proxied = await startLiveServer({ config: { apiUpstream: upstream.origin } });
    try {
      for (const [lang, width] of CASES) {
        const { page, problems } = await openPage(lang, width);
        const response = await page.goto(`${proxied.origin}/article/somewhere/`);
        expect(response?.status()).toBe(403);
        await page.waitForSelector('html[data-hydrated="true"]');
        await page.locator('h1', { hasText: lang === 'en' ? 'Due to unknown reason' : '由于未知原因' }).waitFor();
        await page.context().close();
        expect(problems).toEqual([]);
      }
    } finally {
      await proxied.close();
      await upstream.close();
    }
  });
});

describe('the photo viewer, in Chromium', () => {
  it.each(CASES)('opens from an article image, pages and zooms (%s, %i px)', async (lang, width) => {
    const { page, problems } = await openPage(lang, width);
    await page.goto(`${site.server.origin}/article/west-lake-in-the-rain/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const first = page.locator('.article__content img').first();
    await first.scrollIntoViewIfNeeded();
    await first.click();
    const counter = page.locator('.photo-viewer__counter');
    await expect.poll(() => counter.textContent()).toBe('1 / 2');
    await page.getByRole('button', { name: VIEWER[lang].next }).click();
    await expect.poll(() => counter.textContent()).toBe('2 / 2');
    await page.getByRole('button', { name: VIEWER[lang].previous }).click();
    await expect.poll(() => counter.textContent()).toBe('1 / 2');
    const stage = page.locator('.photo-viewer__stage');
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => Number(await stage.getAttribute('data-zoom'))).toBe(2);
    await page.keyboard.press('Escape');
    await page.locator('.photo-viewer').waitFor({ state: 'detached' });
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
