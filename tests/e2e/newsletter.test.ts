import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextLocale } from '../../shared/locale';
import { createMailer } from '../../server/mail/mailer';
import { articleMailTemplate, mailArticle } from '../../server/newsletter/articleMail';
import type { Newsletter } from '../../server/newsletter/startNewsletter';
import { freePort } from '../../scripts/runningServer';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { startLiveServer } from '../support/liveServer';
import { newsletterWith } from '../support/newsletter';
import { createPerson, PASSWORD } from '../support/people';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtpStandIn';
import { testDatabase } from '../support/testDatabase';

/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.NEWSLETTER_SHOTS;

let browser: Browser;
let smtp: SmtpStandIn;
let newsletter: Newsletter;
let server: Awaited<ReturnType<typeof startLiveServer>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  const port = await freePort();
  const database = await testDatabase();
  newsletter = newsletterWith(database, smtp.url, { origin: `http://127.0.0.1:${port}` });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startLiveServer({
      config: { port, smtpUrl: smtp.url },
      deps: { database, newsletter, mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '', from: 'Zine <no-reply@zine.test>' }) },
    }),
  ]);
  newsletter.sender.start();
  await createPerson(server.database, 'ann');
  await createPerson(server.database, 'ben');
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await newsletter?.sender.stop();
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function signedIn(email: string, width: number, locale: TextLocale = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale });
  await signInBrowser(context, server.origin, email, PASSWORD);
  return context;
}

function link(text: string, kind: 'confirm' | 'unsubscribe'): string {
  const found = new RegExp(`${server.origin}/newsletter/${kind}/[^\\s"<>]+/`).exec(text)?.[0];
  if (!found) throw new Error(`no ${kind} link in ${text}`);
  return found;
}

describe('the newsletter, in Chromium', () => {
  it('a reader opts in from the column, confirms, the author publishes with the box ticked, the mail arrives and its unsubscribe link works', async () => {
    const reader = await signedIn('ben@example.com', 1280);
    const page = await reader.newPage();
    const problems = watchForErrors(page);
    await page.goto(`${server.origin}/@ann/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // One click: ben does not follow ann yet; the button follows and opts in.
    await page.getByRole('button', { name: 'Get new articles by e-mail' }).click();
    await page.getByRole('button', { name: 'Confirm in your inbox (send again)' }).waitFor();
    expect(await page.locator('.column__follow').textContent()).toBe('Unfollow');
    const [confirmation] = await smtp.waitFor(1);
    await page.goto(link(confirmation?.text ?? '', 'confirm'));
    await page.locator('#newsletter-confirm').click();
    await page.locator('#newsletter-message', { hasText: 'Done: ann’s new articles will come to ben@example.com.' }).waitFor();
    await page.goto(`${server.origin}/@ann/`);
    await page.getByRole('button', { name: 'E-mails on · stop' }).waitFor();

    const author = await signedIn('ann@example.com', 1280);
    const editor = await author.newPage();
    const editorProblems = watchForErrors(editor);
    await editor.goto(`${server.origin}/editor`);
    await editor.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
    await editor.locator('.ze-title').fill('Letters from the coast');
    await editor.locator('.ze-content').click();
    await editor.keyboard.type('The tide came in early today.', { delay: 5 });
    await editor.waitForSelector('html[data-hydrated="true"]');
    const box = editor.getByRole('checkbox', { name: 'Mail it to my 1 subscriber' });
    await box.check();
    if (SHOTS) await editor.screenshot({ path: `${SHOTS}/editor-publish-box-en-1280.png` });
    await editor.locator('.ze-publish').getByRole('button', { name: 'Publish', exact: true }).click();
    await editor.locator('.ze-publish').getByRole('link', { name: 'View the published article' }).waitFor();

    const mails = await smtp.waitFor(2);
    const mail = mails[1];
    expect(mail?.to).toEqual(['ben@example.com']);
    expect(mail?.subject).toBe('Letters from the coast · ann');
    expect(mail?.text).toContain('The tide came in early today.');
    const unsubscribe = link(mail?.text ?? '', 'unsubscribe');
    expect(mail?.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);

    // The mail's HTML as a mail client shows it; its unsubscribe link leads to the page, no sign-in.
    const anonymous = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const inbox = await anonymous.newPage();
    await inbox.setContent(mail?.html ?? '');
    if (SHOTS) await inbox.screenshot({ path: `${SHOTS}/mail-en-1280.png`, fullPage: true });
    const href = await inbox.getByRole('link', { name: 'Unsubscribe from ann’s newsletter' }).getAttribute('href');
    expect(href).toBe(unsubscribe);
    await inbox.goto(unsubscribe);
    await inbox.locator('#newsletter-unsubscribe').click();
    await inbox.locator('#newsletter-message', { hasText: 'You are unsubscribed' }).waitFor();

    const article = await reader.newPage();
    const articleProblems = watchForErrors(article);
    const articleUrl = new RegExp(`${server.origin}/article/[^\\s]+/`).exec(mail?.text ?? '')?.[0] ?? '';
    await article.goto(articleUrl);
    await article.locator('h1', { hasText: 'Letters from the coast' }).waitFor();
    await article.getByRole('button', { name: 'Get new articles by e-mail' }).waitFor();
    expect([...problems, ...editorProblems, ...articleProblems]).toEqual([]);
    await Promise.all([reader.close(), author.close(), anonymous.close()]);
  });

  if (SHOTS) {
    for (const locale of ['en', 'zh-CN', 'zh-TW'] as const) {
      for (const width of [1280, 390]) {
        it(`screenshots: column button, editor box, mail, unsubscribe page (${locale}, ${width} px)`, async () => {
          const reader = await signedIn('ben@example.com', width, locale);
          const page = await reader.newPage();
          const problems = watchForErrors(page);
          await page.goto(`${server.origin}/@ann/`);
          await page.waitForSelector('.newsletter-button');
          await page.screenshot({ path: `${SHOTS}/column-${locale}-${width}.png` });
          const author = await signedIn('ann@example.com', width, locale);
          const editor = await author.newPage();
          await editor.goto(`${server.origin}/editor`);
          await editor.waitForSelector('[data-editor-ready] .ze-content[contenteditable="true"]');
          await editor.locator('.ze-title').fill(`Draft ${locale} ${width}`);
          await editor.waitForSelector('.ze-newsletter');
          await editor.screenshot({ path: `${SHOTS}/editor-${locale}-${width}.png` });
          const articleId = (await server.database.db.selectFrom('articles').select('id').where('visibility', '=', 'public').executeTakeFirstOrThrow()).id;
          const shown = await mailArticle(server.database.db, articleId, server.origin);
          if (!shown) throw new Error('no public article');
          const subscription = (await server.database.db.selectFrom('newsletter_subscriptions').select('id').executeTakeFirstOrThrow()).id;
          const unsubscribe = `${server.origin}/newsletter/unsubscribe/${await newsletter.links.sign('unsubscribe', subscription)}/`;
          const mail = articleMailTemplate(shown, locale, 'Zine')({ email: 'ben@example.com', locale, unsubscribeUrl: unsubscribe });
          const inbox = await reader.newPage();
          await inbox.setContent(mail.html ?? '');
          await inbox.screenshot({ path: `${SHOTS}/mail-${locale}-${width}.png`, fullPage: true });
          await inbox.goto(unsubscribe);
          await inbox.screenshot({ path: `${SHOTS}/unsubscribe-${locale}-${width}.png` });
          expect(problems).toEqual([]);
          await Promise.all([reader.close(), author.close()]);
        });
      }
    }
  }
});
