import { describe, expect, it } from 'vitest';
import { signInBrowser, watchForErrors } from '../support/browser';
import { demoSite } from '../support/demoSite';
import { createPerson, PASSWORD } from '../support/people';

const site = demoSite();

describe('reading in Chromium', () => {
  it.each([
    ['en', 1280, '/article/the-art-of-the-second-draft/', 'The Art of the Second Draft'],
    ['zh-TW', 375, '/article/drawing-the-night-market/?__lang=zh-TW', '畫夜市的那些晚上'],
  ])('an anonymous reader gets the full article, hydrated without a mismatch (%s, %i px)', async (_lang, width, path, title) => {
    const page = await site.browser.newPage({ viewport: { width, height: 800 } });
    const problems = watchForErrors(page);
    const response = await page.goto(site.server.origin + path);
    expect(response?.status()).toBe(200);
    const html = await response?.text();
    expect(html).toContain(title);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: title }).waitFor();
    expect(await page.title()).toBe(`${title} - Zine`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('renders a private article’s screen with 403', async () => {
    await site.server.database.db.updateTable('articles').set({ visibility: 'private' }).where('slug', '=', 'walking-without-headphones').execute();
    const page = await site.browser.newPage();
    const problems = watchForErrors(page, [/status of 403/]);
    const response = await page.goto(`${site.server.origin}/article/walking-without-headphones/`);
    expect(response?.status()).toBe(403);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: 'The author made this article private again' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('liking while signed out, in Chromium', () => {
  it('opens sign-in, then applies the like once the reader has signed in', async () => {
    await createPerson(site.server.database, 'liker');
    const page = await site.browser.newPage({ viewport: { width: 375, height: 800 } });
    const problems = watchForErrors(page, [/status of 401/]);
    await page.goto(`${site.server.origin}/article/the-art-of-the-second-draft/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Like · 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('zine:state'));
    expect(JSON.parse(stored ?? '{}')).toEqual({
      deferredTasks: [{ task: { kind: 'like', slug: 'the-art-of-the-second-draft' }, page: '/article/the-art-of-the-second-draft/', at: expect.any(Number) }],
    });

    await dialog.getByLabel('E-mail').fill('liker@example.com');
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByText('Account/Password not correct').waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();

    await page.getByRole('button', { name: 'Liked · 1' }).waitFor();
    expect(await dialog.count()).toBe(0);
    const likes = await site.server.database.db.selectFrom('likes').selectAll().execute();
    expect(likes).toHaveLength(1);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('zine:state'))) ?? '{}').deferredTasks).toEqual([]);

    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });

  it('drops the deferred task when the overlay is closed', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.origin}/article/the-art-of-the-second-draft/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: /^Favourite/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('zine:state'))) ?? '{}').deferredTasks).toEqual([]);
    await page.close();
  });
});

describe('commenting while signed out, in Chromium', () => {
  it('keeps the comment through sign-in, cuts it to 140 characters and shows it escaped', async () => {
    await createPerson(site.server.database, 'commenter');
    const page = await site.browser.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${site.server.origin}/article/west-lake-in-the-rain/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByText('The last line stays with me.').waitFor();
    const text = `<b>bold?</b> ${'长'.repeat(200)}`;
    await page.getByRole('textbox', { name: /Write a comment/ }).fill(text);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('commenter@example.com');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    const posted = page.locator('.comment__text', { hasText: '<b>bold?</b>' });
    await posted.waitFor();
    expect([...((await posted.textContent()) ?? '')]).toHaveLength(140);
    const rows = await site.server.database.db.selectFrom('comments').selectAll().where('text', 'like', '<b>bold?</b>%').execute();
    expect(rows).toHaveLength(1);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('deferred tasks after any sign-in', () => {
  it('runs a like kept before signing in on /sign/in/, back on its page; never a stale one', async () => {
    await createPerson(site.server.database, 'later');
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForErrors(page);
    const path = '/article/drawing-the-night-market/';
    await page.goto(`${site.server.origin}${path}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const likeButton = page.getByRole('button', { name: /^Like · \d+$/ });
    const before = Number(((await likeButton.textContent()) ?? '').replace(/\D/g, ''));
    await likeButton.click();
    await page.getByRole('dialog', { name: 'Sign in to continue' }).waitFor();
    // A stale task of the same page, kept long ago, and a task of another page.
    await page.evaluate((here) => {
      const state = JSON.parse(localStorage.getItem('zine:state') ?? '{}');
      state.deferredTasks.push({
        task: { kind: 'comment', slug: 'drawing-the-night-market', text: 'An old comment', parent: null },
        page: here,
        at: Date.now() - 11 * 60_000,
      });
      state.deferredTasks.push({ task: { kind: 'follow', username: 'mei' }, page: '/@mei/', at: Date.now() });
      localStorage.setItem('zine:state', JSON.stringify(state));
    }, path);

    // The reader signs in on the sign-in page instead, and is sent back.
    await page.goto(`${site.server.origin}/sign/in/?next=${encodeURIComponent(path)}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel('E-mail').fill('later@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.server.origin}${path}`);
    await page.getByRole('button', { name: `Liked · ${before + 1}` }).waitFor();
    const later = await site.server.database.db.selectFrom('users').select('id').where('username', '=', 'later').executeTakeFirstOrThrow();
    expect(await site.server.database.db.selectFrom('likes').selectAll().where('user_id', '=', later.id).execute()).toHaveLength(1);
    expect(await site.server.database.db.selectFrom('comments').selectAll().where('text', '=', 'An old comment').execute()).toEqual([]);
    // The other page's task waits for its own page.
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('zine:state'))) ?? '{}').deferredTasks as Array<{ page: string }>;
    expect(kept.map((k) => k.page)).toEqual(['/@mei/']);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe("a signed-in reader's page made from the cached one, in Chromium (decision 054)", () => {
  it('hydrates without a mismatch with the reader’s own header, likes, and is rendered for them after', async () => {
    await createPerson(site.server.database, 'sharer');
    const path = '/article/things-my-grandmother-kept/';
    const anonymous = await fetch(site.server.origin + path);
    expect(anonymous.status).toBe(200);
    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 } });
    await signInBrowser(context, site.server.origin, 'sharer@example.com', PASSWORD);
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const response = await page.goto(site.server.origin + path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-cache']).toBe('shared');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: '外婆留下的东西' }).waitFor();
    await page.getByRole('button', { name: 'Account menu: sharer' }).click();
    await page.getByRole('menuitem', { name: 'My Wallet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await page.getByRole('button', { name: /^Like · / }).click();
    await page.getByRole('button', { name: /^Liked · / }).waitFor();
    const again = await page.reload();
    expect(again?.headers()['x-cache']).toBe('bypass');
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: /^Liked · / }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });
});
