import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextLocale } from '../../shared/locale';
import { addCounts } from '../../server/stats/addCounts';
import { creditWallet, PLATFORM_CLEARING } from '../../server/payments/ledger';
import { HOUR_MS } from '../../server/stats/statsTriggers';
import { writeArticle } from '../support/articles';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { createPerson, PASSWORD } from '../support/people';

/** Screenshots for a person to look at, outside the repository: STATS_SHOTS=/tmp/shots. */
const SHOTS = process.env.STATS_SHOTS;
const DAY_MS = 24 * HOUR_MS;

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let essayId = 0;

/**
 * A scripted week on ann's essay, at noon in Shanghai (04:00 UTC) of each of the last six UTC days, k
 * days ago: inside the last 7 days in UTC and in Shanghai whatever the hour the test runs.
 */
const WEEK = [
  { k: 5, views: 12, reads: 4, likers: 1, followers: 0, saleCents: 0 },
  { k: 4, views: 30, reads: 11, likers: 2, followers: 1, saleCents: 0 },
  { k: 3, views: 18, reads: 6, likers: 0, followers: 0, saleCents: 1200 },
  { k: 2, views: 25, reads: 9, likers: 3, followers: 2, saleCents: 0 },
  { k: 1, views: 40, reads: 20, likers: 1, followers: 0, saleCents: 800 },
  { k: 0, views: 9, reads: 2, likers: 0, followers: 0, saleCents: 0 },
];
const todayUtc = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const noonInShanghai = (k: number) => todayUtc - k * DAY_MS + 4 * HOUR_MS;
const dayOf = (k: number) => new Date(noonInShanghai(k)).toISOString().slice(0, 10);

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer()]);
  const { db } = server.database;
  const ann = await createPerson(server.database, 'ann');
  await createPerson(server.database, 'ben');
  essayId = await writeArticle(server.database, ann.id, 'week-essay', { content: `<p>${'A line of the essay. '.repeat(40)}</p>` });
  const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => createPerson(server.database, `fan${i}`)));
  let fan = 0;
  let follower = 0;
  for (const day of WEEK) {
    const at = noonInShanghai(day.k);
    // Views and reads as the page-view flush and the read beacon add them; the rest through the rows, as the app writes them.
    const acts = (n: number) => Array.from({ length: n }, () => ({ articleId: essayId, authorId: ann.id, at }));
    await db.transaction().execute(async (trx) => {
      await addCounts(trx, 'views', acts(day.views));
      await addCounts(trx, 'reads', acts(day.reads));
    });
    for (let i = 0; i < day.likers; i++) {
      const who = fans[fan++];
      if (who) await db.insertInto('likes').values({ article_id: essayId, user_id: who.id, created_at: at }).execute();
    }
    for (let i = 0; i < day.followers; i++) {
      const who = fans[follower++];
      if (who) await db.insertInto('follows').values({ follower_id: who.id, followee_id: ann.id, created_at: at }).execute();
    }
    if (day.saleCents > 0) {
      await db
        .transaction()
        .execute((trx) => creditWallet(trx, ann.id, day.saleCents, { from: PLATFORM_CLEARING, kind: 'booklet_sale', ref: `sale-${day.k}`, now: at }));
    }
  }
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A browser's own user agent: headless Chromium names itself a robot, whose views never count (shared/crawler.ts). */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

async function signedIn(email: string, width: number, locale: TextLocale = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale, timezoneId: 'Asia/Shanghai', userAgent: BROWSER_AGENT });
  await signInBrowser(context, server.origin, email, PASSWORD);
  return context;
}

/** The table's cells of a day, by column heading. */
async function rowOf(page: Page, day: string): Promise<Record<string, string>> {
  const headings = await page.locator('.stats__table thead th').allTextContents();
  const cells = await page
    .locator('.stats__table tbody tr', { has: page.locator(`time[datetime="${day}"]`) })
    .locator('th, td')
    .allTextContents();
  return Object.fromEntries(headings.map((heading, i) => [heading, cells[i] ?? '']));
}

describe("the author's numbers, in Chromium", () => {
  it('after a scripted week: from the editor to the charts and the table, in the reader’s zone', async () => {
    const context = await signedIn('ann@example.com', 1280);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/editor`);
    await page.locator('.ze-list-actions').getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL(/\/editor\/stats\/?$/);
    await page.getByRole('heading', { level: 1, name: 'My Stats' }).waitFor();
    // The browser's zone replaces the language's usual one (UTC for English) once hydrated.
    await page.locator('.stats__note', { hasText: 'Asia/Shanghai' }).waitFor();
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await page.waitForURL(/days=7/);
    await page.locator('.stats__table tbody tr').nth(7).waitFor();

    const sum = (pick: (day: (typeof WEEK)[number]) => number) => WEEK.reduce((total, day) => total + pick(day), 0);
    const tile = (counter: string) => page.locator(`.stats__total[data-counter="${counter}"] .stats__total-value`);
    expect(await tile('views').textContent()).toBe(String(sum((d) => d.views)));
    expect(await tile('reads').textContent()).toBe(String(sum((d) => d.reads)));
    expect(await tile('likes').textContent()).toBe(String(sum((d) => d.likers)));
    expect(await tile('followers').textContent()).toBe(String(sum((d) => d.followers)));
    expect(await tile('income_cents').textContent()).toBe('20.00');

    // The chart: one bar a day, named for what it shows, the busiest day in its description.
    const chart = page.getByRole('img', { name: 'Views per day, last 7 days' });
    expect(await chart.getAttribute('data-counter')).toBe('views');
    expect(await chart.locator('.stats-chart__bar').count()).toBe(7);
    expect(await chart.locator('desc').textContent()).toBe(`Total 134; the highest day 40 on ${dayOf(1)}.`);
    expect(await rowOf(page, dayOf(2))).toMatchObject({ Day: dayOf(2), Views: '25', Reads: '9', Likes: '3', 'New followers': '2', 'Sales income (¥)': '0.00' });
    expect(await rowOf(page, dayOf(3))).toMatchObject({ Views: '18', 'Sales income (¥)': '12.00' });

    await page.locator('.stats__total[data-counter="likes"]').click();
    await page.getByRole('img', { name: 'Likes per day, last 7 days' }).waitFor();
    // A new period is one read, by the route's loader: the week is not read again on the way.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/editor/stats/')) reads.push(new URL(request.url()).searchParams.get('days') ?? '');
    });
    await page.getByRole('link', { name: 'Last 30 days' }).click();
    await page.waitForURL(/days=30/);
    await page.getByRole('img', { name: 'Likes per day, last 30 days' }).waitFor();
    await page.locator('.stats__table tbody tr').nth(30).waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.stats__table tbody tr').count()).toBe(31);
    expect(reads).toEqual(['30']);

    // The article's own numbers, from its line in the editor's list.
    await page.goto(`${server.origin}/editor`);
    await page.getByRole('link', { name: 'Stats of “Title of week-essay”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stats: Title of week-essay' }).waitFor();
    await page.locator('.stats__note', { hasText: 'Asia/Shanghai' }).waitFor();
    expect(await page.locator('.stats__total[data-counter="followers"]').count()).toBe(0);
    expect(await tile('views').textContent()).toBe(String(sum((d) => d.views)));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('counts a reader’s read once they reach the end and stay ten seconds', async () => {
    const context = await signedIn('ben@example.com', 390);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const beacon = page.waitForResponse((res) => res.url().endsWith(`/api/articles/${essayId}/read/`), { timeout: 30_000 });
    await page.goto(`${server.origin}/article/week-essay/`);
    await page.waitForSelector('html[data-hydrated="true"]');

    // The view is flushed within 3 s; the beacon goes at 10 s, the end in view.
    await page.locator('.article__end').scrollIntoViewIfNeeded();
    expect(await (await beacon).json()).toEqual({ counted: true });
    const report = await context.request.get(`${server.origin}/api/editor/stats/?days=7&tz=UTC`);
    expect(report.status()).toBe(200);
    const ann = await signedIn('ann@example.com', 390);
    const totals = (await (await ann.request.get(`${server.origin}/api/editor/stats/?days=7&tz=UTC`)).json()) as { totals: { reads: number; views: number } };
    expect(totals.totals.reads).toBe(WEEK.reduce((total, day) => total + day.reads, 0) + 1);
    expect(problems).toEqual([]);
    await ann.close();
    await context.close();
  }, 60_000);

  it.skipIf(!SHOTS)(
    'screenshots at 1280 and 390 px in three languages',
    async () => {
      for (const locale of ['en', 'zh-CN', 'zh-TW'] as const) {
        for (const width of [1280, 390]) {
          const context = await signedIn('ann@example.com', width, locale);
          const page = await context.newPage();
          const problems = watchForErrors(page);
          await page.goto(`${server.origin}/editor/stats/?days=30`);
          await page.waitForSelector('html[data-hydrated="true"]');
          await page.locator('.stats__note', { hasText: 'Asia/Shanghai' }).waitFor();
          await page.screenshot({ path: `${SHOTS}/stats-${locale}-${width}.png`, fullPage: false });
          await page.goto(`${server.origin}/editor/stats/${essayId}/?days=7&show=reads`);
          await page.locator('.stats__note', { hasText: 'Asia/Shanghai' }).waitFor();
          await page.screenshot({ path: `${SHOTS}/stats-article-${locale}-${width}.png`, fullPage: true });
          expect(problems).toEqual([]);
          await context.close();
        }
      }
    },
    120_000,
  );
});
