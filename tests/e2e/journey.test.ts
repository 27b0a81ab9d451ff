import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { createPerson, PASSWORD } from '../support/people';

// The reader journey, whole, in two languages and two widths: from a search result to
// an article, like (through sign-in), comment, follow, the column and its pages of originals.
const TEXTS = {
  en: {
    like: 'Like',
    liked: 'Liked',
    dialog: 'Sign in to continue',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign In',
    comment: /Write a comment/,
    send: 'Comment',
    follow: 'Follow',
    unfollow: 'Unfollow',
    articles: 'Articles',
    more: 'Load more',
    end: 'You have reached the end.',
    followers: (n: number) => (n === 1 ? '1 follower' : `${n} followers`),
  },
  'zh-TW': {
    like: '按讚',
    liked: '已按讚',
    dialog: '登入後繼續',
    email: '電子郵件',
    password: '密碼',
    signIn: '登入',
    comment: /寫下你的評論/,
    send: '評論',
    follow: '關注',
    unfollow: '取消關注',
    articles: '文章',
    more: '載入更多',
    end: '已經到底了。',
    followers: (n: number) => `${n} 位關注者`,
  },
} as const;

const ARTICLE = { slug: 'the-art-of-the-second-draft', title: 'The Art of the Second Draft', author: 'olivergrant' };
const EXTRA_ORIGINALS = 24;

const site = demoSite(async (server) => {
  // Enough originals for the column to need a second page (20 a page).
  const author = await server.database.db.selectFrom('users').select('id').where('username', '=', ARTICLE.author).executeTakeFirstOrThrow();
  const at = Date.now() - 30 * 24 * 3600_000;
  for (let i = 0; i < EXTRA_ORIGINALS; i++) {
    await writeArticle(server.database, author.id, `notebook-page-${i}`, {
      title: `Notebook page ${i}`,
      description: 'From the notebook.',
      content: '<p>A page.</p>',
      word_count: 2,
      client_modify_date: at - i,
      created_at: at - i * 60_000,
      modified_at: at - i * 60_000,
    });
  }
});

describe('a reader from a search engine, in Chromium', () => {
  it.each([
    ['en', 1280],
    ['en', 375],
    ['zh-TW', 1280],
    ['zh-TW', 375],
  ] as const)('reads, likes after signing in, comments, follows and pages through the column (%s, %i px)', async (lang, width) => {
    const t = TEXTS[lang];
    const reader = `reader_${lang.replace('-', '').toLowerCase()}_${width}`;
    await createPerson(site.server.database, reader);
    const page = await site.browser.newPage({ viewport: { width, height: 800 }, extraHTTPHeaders: { Referer: 'https://www.google.com/' } });
    const problems = watchForErrors(page, [/status of 401/]);
    await watchLayoutShifts(page);

    // 1. The search result: the complete article in the server's HTML.
    const response = await page.goto(`${site.server.origin}/article/${ARTICLE.slug}/?__lang=${lang}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<h1 class="article__title">${ARTICLE.title}</h1>`);
    expect(html).toContain('class="article__content"');
    expect(html).toContain(`lang="${lang}"`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const likes = async () =>
      Number(
        (
          await site.server.database.db
            .selectFrom('likes')
            .innerJoin('articles', 'articles.id', 'likes.article_id')
            .select(site.server.database.db.fn.countAll<number>().as('n'))
            .where('articles.slug', '=', ARTICLE.slug)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const likesBefore = await likes();

    // 2. Like: the sign-in overlay, then the like is applied once the server confirms.
    await page.getByRole('button', { name: `${t.like} · ${likesBefore}` }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByLabel(t.email).fill(`${reader}@example.com`);
    await dialog.getByLabel(t.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.getByRole('button', { name: `${t.liked} · ${likesBefore + 1}` }).waitFor();
    expect(await likes()).toBe(likesBefore + 1);

    // 3. Comment, escaped.
    const text = `${lang} ${width} <img src=x onerror=alert(1)> thanks`;
    await page.getByRole('textbox', { name: t.comment }).fill(text);
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await page.locator('.comment__text', { hasText: text }).waitFor();
    expect(await page.locator('.comments img').count()).toBe(0);

    // 4. Follow the author from the article's byline.
    await page.locator('.article__byline').getByRole('button', { name: t.follow, exact: true }).click();
    await page.locator('.article__byline').getByRole('button', { pressed: true }).waitFor();

    // 5. The column: followed already, the follower count includes us; originals page by page.
    await page.locator('.article__byline').getByRole('link', { name: ARTICLE.author }).click();
    await page.waitForURL(`**/@${ARTICLE.author}/`);
    await page.getByRole('button', { name: t.unfollow }).waitFor();
    const followers = await site.server.database.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(site.server.database.db.fn.countAll<number>().as('n'))
      .where('users.username', '=', ARTICLE.author)
      .executeTakeFirstOrThrow();
    await page.getByText(t.followers(Number(followers.n))).waitFor();
    await page
      .getByRole('navigation')
      .getByRole('link', { name: new RegExp(`^${t.articles}`) })
      .click();
    await page.waitForURL(`**/@${ARTICLE.author}/articles`);
    await expect.poll(() => page.locator('.article-card').count()).toBe(20);
    await page.getByRole('button', { name: t.more }).click();
    await page.getByText(t.end).waitFor();
    const total = await page.locator('.article-card').count();
    expect(total).toBeGreaterThan(20);
    expect(await page.getByRole('button', { name: t.more }).count()).toBe(0);

    expect(await layoutShift(page)).toBeLessThan(0.01);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });
});

/** Sums layout shifts not caused by input (the CLS a reader feels), from the first paint on. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}
