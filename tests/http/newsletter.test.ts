import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import { createMailer } from '../../server/mail/mailer';
import type { Newsletter } from '../../server/newsletter/startNewsletter';
import { writeArticle } from '../support/articles';
import { newsletterWith, NEWSLETTER_ORIGIN } from '../support/newsletter';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../support/smtpStandIn';
import { testApp } from '../support/testApp';
import { testDatabase, testEngine } from '../support/testDatabase';
import { userRow } from '../support/userRow';
import { PAID_DESCRIPTION, SECRET, bookletFixture } from './booklets.fixture';

let smtp: SmtpStandIn;
const running: Newsletter[] = [];
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((newsletter) => newsletter.sender.stop()));
  smtp.received.length = 0;
  smtp.rejectRecipients.clear();
  smtp.deferRecipients.clear();
  smtp.attempts.clear();
});
const pools: Database[] = [];
afterAll(async () => {
  await smtp.close();
  await Promise.all(pools.map((database) => database.close()));
});

/** The site with its newsletter mailing through the stand-in; confirmation mails go there too. */
async function site() {
  const database = await testDatabase();
  const newsletter = newsletterWith(database, smtp.url);
  running.push(newsletter);
  const { app } = await testApp({
    config: { smtpUrl: smtp.url },
    deps: { database, newsletter, mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '', from: 'Zine <no-reply@zine.test>' }) },
  });
  newsletter.sender.start();
  return { app, database, newsletter };
}

/** A second connection to the same database, as another process has (SQLite in memory: the same one). */
function secondConnection(database: Database): Database {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine() !== 'postgres' || !url) return database;
  const other = openDatabase({ databaseUrl: url, dataDir: '', pgSchema: database.schema, poolSize: 3 });
  pools.push(other);
  return other;
}

async function signedIn(app: Express, username: string): Promise<Visitor> {
  const visitor = new Visitor(app);
  expect((await visitor.signIn(`${username}@example.com`, PASSWORD)).status).toBe(200);
  return visitor;
}

/** A path of this site from an absolute link in a mail. */
function pathOf(url: string): string {
  expect(url.startsWith(NEWSLETTER_ORIGIN)).toBe(true);
  return url.slice(NEWSLETTER_ORIGIN.length);
}

function linkIn(text: string, kind: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`${NEWSLETTER_ORIGIN}/newsletter/${kind}/[^\\s"<>]+/`).exec(text);
  if (!match) throw new Error(`no ${kind} link in ${text}`);
  return pathOf(match[0]);
}

async function subscribeConfirmed(app: Express, reader: Visitor, author: string): Promise<void> {
  expect((await reader.post(`/api/follow/user/`, { following_name: author })).status).toBe(200);
  const before = smtp.received.length;
  const answer = await reader.post(`/api/newsletter/authors/${author}/`, {});
  expect(answer.status).toBe(200);
  if (answer.body.state === 'active') return;
  expect(answer.body).toEqual({ state: 'pending' });
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  if (!mail) throw new Error('no confirmation mail');
  expect((await request(app).post(linkIn(mail.text, 'confirm')).type('form').send({})).status).toBe(200);
}

async function publish(author: Visitor, id: number) {
  return author.post(`/api/articles/${id}/newsletter/`, {});
}

function mailsTo(address: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(address));
}

describe('opting in', () => {
  it('double opt-in: the confirmation mail, a page with a button, then active; a confirmed address is active at once for the next author', async () => {
    const { app, database } = await site();
    await createPerson(database, 'ann');
    await createPerson(database, 'cat');
    await createPerson(database, 'ben');
    const ben = await signedIn(app, 'ben');
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'none' });
    expect((await ben.post('/api/follow/user/', { following_name: 'ann' })).status).toBe(200);
    const answer = await ben.agent.post('/api/newsletter/authors/ann/').set('X-CSRFToken', ben.csrf).set('Accept-Language', 'zh-TW').send({});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ state: 'pending' });
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation?.to).toEqual(['ben@example.com']);
    expect(confirmation?.subject).toBe('請確認郵箱以接收 ann 的電子報');
    const link = linkIn(confirmation?.text ?? '', 'confirm');

    // Opening the link (a mail scanner does) changes nothing: the page asks.
    const page = await request(app).get(link).set('Accept-Language', 'en');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="newsletter-confirm"');
    expect(page.text).toContain('ben@example.com');
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'pending' });
    const done = await request(app).post(link).type('form').send({});
    expect(done.status).toBe(200);
    expect(done.text).toContain('Done: ann’s new articles will come to ben@example.com.');
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'active' });

    // Asking again for the pending one within minutes mails no second confirmation; another author's is active at once.
    expect((await ben.post('/api/follow/user/', { following_name: 'cat' })).status).toBe(200);
    expect((await ben.post('/api/newsletter/authors/cat/', {})).body).toEqual({ state: 'active' });
    expect(smtp.received).toHaveLength(1);
    const ann = await signedIn(app, 'ann');
    expect((await ann.get('/api/newsletter/subscribers/')).body).toEqual({ count: 1 });
  }, 60_000);

  it('refuses what it cannot do, changing nothing', async () => {
    const { app, database } = await site();
    await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    const ben = await signedIn(app, 'ben');
    expect((await ben.post('/api/newsletter/authors/ann/', {})).status).toBe(400); // not following
    expect((await ben.post('/api/newsletter/authors/ben/', {})).status).toBe(400); // oneself
    expect((await ben.post('/api/newsletter/authors/nobody/', {})).status).toBe(404);
    expect((await ben.post(`/api/newsletter/authors/${'x'.repeat(200)}/`, {})).status).toBe(404);
    await ben.post('/api/follow/user/', { following_name: 'ann' });
    // No CSRF token, signed out, malformed JSON.
    expect((await ben.agent.post('/api/newsletter/authors/ann/').send({})).status).toBe(403);
    expect((await request(app).post('/api/newsletter/authors/ann/').send({})).status).toBe(403);
    expect((await request(app).get('/api/newsletter/subscribers/')).status).toBe(403);
    const malformed = await ben.agent.post('/api/newsletter/authors/ann/').set('X-CSRFToken', ben.csrf).set('Content-Type', 'application/json').send('{"x":');
    expect(malformed.status).toBe(400);
    expect(await database.db.selectFrom('newsletter_subscriptions').selectAll().execute()).toEqual([]);
    expect(smtp.received).toEqual([]);
  }, 60_000);
});

describe('an article by mail', () => {
  it('goes to each confirmed subscriber once, HTML and text in their language, with one-click unsubscribe', async () => {
    const { app, database } = await site();
    const annPerson = await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    await createPerson(database, 'cat');
    await createPerson(database, 'dan');
    const ben = await signedIn(app, 'ben');
    await ben.agent.get('/').set('Cookie', '__lang=zh-CN');
    await subscribeConfirmed(app, ben, 'ann');
    await database.db.updateTable('newsletter_subscriptions').set({ locale: 'zh-CN' }).execute();
    const cat = await signedIn(app, 'cat');
    await subscribeConfirmed(app, cat, 'ann');
    // dan follows but never confirmed: nothing goes to him.
    const dan = await signedIn(app, 'dan');
    await dan.post('/api/follow/user/', { following_name: 'ann' });
    const before = smtp.received.length;
    expect((await dan.post('/api/newsletter/authors/ann/', {})).body).toEqual({ state: 'pending' });
    await smtp.waitFor(before + 1);
    smtp.received.length = 0;

    const id = await writeArticle(database, annPerson.id, 'spring', {
      title: 'Spring & rain',
      content: '<h2>Opening</h2><p>First <a href="/@ann/">words</a>.</p><ul><li>one</li><li>two</li></ul><p><img src="/media/x.png" alt=""></p>',
    });
    const ann = await signedIn(app, 'ann');
    expect((await ann.get('/api/newsletter/subscribers/')).body).toEqual({ count: 2 });
    expect((await publish(ann, id)).body).toEqual({ queued: 2 });
    await smtp.waitFor(2);
    const toBen = mailsTo('ben@example.com');
    expect(toBen).toHaveLength(1);
    const mail = toBen[0] as ReceivedMail;
    expect(mail.subject).toBe('Spring & rain · ann');
    expect(mail.text).toContain('ann 在 Zine 发表了新文章');
    expect(mail.text).toContain('Opening\n\nFirst words (http://zine.test/@ann/).\n\n- one\n\n- two');
    expect(mail.text).toContain(`在 Zine 阅读: ${NEWSLETTER_ORIGIN}/article/spring/`);
    expect(mail.html).toContain('<h2>Opening</h2>');
    expect(mail.html).toContain('src="http://zine.test/media/x.png"');
    expect(mail.html).toContain('lang="zh-CN"');
    const unsubscribe = linkIn(mail.text, 'unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<${NEWSLETTER_ORIGIN}${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="${NEWSLETTER_ORIGIN}${unsubscribe}"`);
    expect(mailsTo('cat@example.com')[0]?.text).toContain('New from ann on Zine');

    // Sending again queues nobody twice.
    expect((await publish(ann, id)).body).toEqual({ queued: 0 });

    // RFC 8058: the mail client POSTs the one-click body, with no cookie and no CSRF token.
    const oneClick = await request(app).post(unsubscribe).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'none' });
    const page = await request(app).get(unsubscribe).set('Accept-Language', 'zh-TW');
    expect(page.text).toContain('已退訂');
    expect(page.text).not.toContain('id="newsletter-unsubscribe"');

    const next = await writeArticle(database, annPerson.id, 'summer');
    expect((await publish(ann, next)).body).toEqual({ queued: 1 });
    await smtp.waitFor(3);
    await running[0]?.sender.idle();
    expect(mailsTo('ben@example.com')).toHaveLength(1);
    expect(mailsTo('dan@example.com')).toHaveLength(0);

    // Unfollowing stops the mail: the subscription ends with the follow, and the count says so.
    expect((await ann.get('/api/newsletter/subscribers/')).body).toEqual({ count: 1 });
    expect((await cat.agent.delete('/api/follow/user/').set('X-CSRFToken', cat.csrf).send({ following_name: 'ann' })).status).toBe(200);
    expect((await cat.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'none' });
    expect((await ann.get('/api/newsletter/subscribers/')).body).toEqual({ count: 0 });
    const third = await writeArticle(database, annPerson.id, 'autumn');
    expect((await publish(ann, third)).body).toEqual({ queued: 0 });
  }, 60_000);

  it('refuses a forged or wrong-purpose link, changing nothing', async () => {
    const { app, database } = await site();
    await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    const ben = await signedIn(app, 'ben');
    await subscribeConfirmed(app, ben, 'ann');
    const confirm = linkIn(smtp.received[0]?.text ?? '', 'confirm');
    const token = confirm.split('/')[3] ?? '';
    for (const path of [
      `/newsletter/unsubscribe/${token}/`,
      '/newsletter/unsubscribe/1.AAAAAAAAAAAAAAAAAAAAAAAAAAA/',
      '/newsletter/unsubscribe/x/',
      `/newsletter/unsubscribe/${'9'.repeat(40)}/`,
    ]) {
      const answer = await request(app).post(path).type('form').send('List-Unsubscribe=One-Click');
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('This link is not valid.');
    }
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'active' });
  }, 60_000);

  it('only the author sends, only a public article', async () => {
    const { app, database } = await site();
    const annPerson = await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    const draft = await writeArticle(database, annPerson.id, 'draft', { visibility: 'private' });
    const ann = await signedIn(app, 'ann');
    const ben = await signedIn(app, 'ben');
    expect((await publish(ann, draft)).status).toBe(400);
    const live = await writeArticle(database, annPerson.id, 'live');
    expect((await publish(ben, live)).status).toBe(404);
    expect((await publish(ann, 99999999)).status).toBe(404);
    expect((await ann.post('/api/articles/abc/newsletter/', {})).status).toBe(404);
    expect((await request(app).post(`/api/articles/${live}/newsletter/`).send({})).status).toBe(403);
    expect(await database.db.selectFrom('newsletter_sends').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('a paid booklet chapter never goes out in mail: title and link only', async () => {
    const { app, database } = await site();
    const fixture = await bookletFixture(database);
    await createPerson(database, 'dan');
    const dan = await signedIn(app, 'dan');
    await subscribeConfirmed(app, dan, 'ann');
    smtp.received.length = 0;
    const ann = await signedIn(app, 'ann');
    expect((await publish(ann, fixture.articles.paid)).body).toEqual({ queued: 1 });
    expect((await publish(ann, fixture.articles.opening)).body).toEqual({ queued: 1 });
    await smtp.waitFor(2);
    const paid = smtp.received.find((mail) => mail.subject.startsWith('Title of paid-chapter')) as ReceivedMail;
    expect(paid.raw).not.toContain(SECRET);
    expect(paid.raw).not.toContain(PAID_DESCRIPTION);
    expect(paid.text).toContain('This article is a chapter of a paid booklet');
    expect(paid.text).toContain(`${NEWSLETTER_ORIGIN}/article/paid-chapter/`);
    const free = smtp.received.find((mail) => mail.subject.startsWith('Title of opening')) as ReceivedMail;
    expect(free.text).toContain('Free opening words');
  }, 60_000);
});

describe('delivery', () => {
  it('a hard bounce (550 to RCPT TO) stops the subscription; a 451 is retried until it passes, once', async () => {
    const { app, database } = await site();
    const annPerson = await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    await createPerson(database, 'cat');
    const ben = await signedIn(app, 'ben');
    await subscribeConfirmed(app, ben, 'ann');
    const cat = await signedIn(app, 'cat');
    await subscribeConfirmed(app, cat, 'ann');
    smtp.received.length = 0;
    smtp.attempts.clear();
    smtp.rejectRecipients.add('ben@example.com');
    smtp.deferRecipients.set('cat@example.com', 2);
    const ann = await signedIn(app, 'ann');
    expect((await publish(ann, await writeArticle(database, annPerson.id, 'one'))).body).toEqual({ queued: 2 });
    await smtp.waitFor(1);
    await running[0]?.sender.idle();
    expect(smtp.attempts.get('cat@example.com')).toBe(3);
    expect(mailsTo('cat@example.com')).toHaveLength(1);
    expect(smtp.attempts.get('ben@example.com')).toBe(1);
    const sends = await database.db.selectFrom('newsletter_sends').select(['status', 'attempts']).orderBy('id').execute();
    expect(sends).toEqual([
      { status: 'bounced', attempts: 1 },
      { status: 'sent', attempts: 3 },
    ]);
    expect((await ben.get('/api/newsletter/authors/ann/')).body).toEqual({ state: 'bounced' });

    // Nothing more goes to the bounced address.
    expect((await publish(ann, await writeArticle(database, annPerson.id, 'two'))).body).toEqual({ queued: 1 });
    await smtp.waitFor(2);
    await running[0]?.sender.idle();
    expect(smtp.attempts.get('ben@example.com')).toBe(1);
  }, 60_000);

  it('a mail handed to SMTP by a worker that died is never sent again; one it only claimed is', async () => {
    const { app, database } = await site();
    const annPerson = await createPerson(database, 'ann');
    await createPerson(database, 'ben');
    await createPerson(database, 'cat');
    await subscribeConfirmed(app, await signedIn(app, 'ben'), 'ann');
    await subscribeConfirmed(app, await signedIn(app, 'cat'), 'ann');
    smtp.received.length = 0;
    await running[0]?.sender.stop();
    const id = await writeArticle(database, annPerson.id, 'crash');
    const subscriptions = await database.db
      .selectFrom('newsletter_subscriptions')
      .innerJoin('users', 'users.id', 'reader_id')
      .select(['newsletter_subscriptions.id', 'username'])
      .orderBy('username')
      .execute();
    const long = Date.now() - 3_600_000;
    for (const [subscription, status] of [
      [subscriptions[0], 'sending'],
      [subscriptions[1], 'claimed'],
    ] as const) {
      await database.db
        .insertInto('newsletter_sends')
        .values({
          article_id: id,
          subscription_id: subscription?.id ?? 0,
          status,
          claimed_by: 'dead',
          claimed_at: long,
          next_at: long,
          created_at: long,
          attempts: status === 'sending' ? 1 : 0,
        })
        .execute();
    }
    const restarted = newsletterWith(database, smtp.url);
    running.push(restarted);
    restarted.sender.start();
    await smtp.waitFor(1);
    await restarted.sender.idle();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['cat@example.com']]);
    const rows = await database.db.selectFrom('newsletter_sends').select('status').orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['unknown', 'sent']);
  }, 60_000);

  it('two workers on one queue send each address once', async () => {
    const { database } = await site();
    await running[0]?.sender.stop();
    const author = await createPerson(database, 'ann');
    const now = Date.now();
    const readers = 120;
    for (let n = 0; n < readers; n++) {
      const { id } = await database.db
        .insertInto('users')
        .values(userRow({ email: `r${n}@example.com`, username: `r${n}`, created_at: now }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db.insertInto('follows').values({ follower_id: id, followee_id: author.id, created_at: now }).execute();
      await database.db
        .insertInto('newsletter_subscriptions')
        .values({
          author_id: author.id,
          reader_id: id,
          email: `r${n}@example.com`,
          locale: 'en',
          status: 'active',
          created_at: now,
          updated_at: now,
          confirmed_at: now,
        })
        .execute();
    }
    const { queueArticle } = await import('../../server/newsletter/sendQueue');
    const id = await writeArticle(database, author.id, 'many');
    expect(await queueArticle(database.db, author.id, id, now)).toBe(readers);
    const workers = [newsletterWith(database, smtp.url, { batchSize: 7 }), newsletterWith(secondConnection(database), smtp.url, { batchSize: 7 })];
    running.push(...workers);
    for (const worker of workers) worker.sender.start();
    await smtp.waitFor(readers);
    await Promise.all(workers.map((worker) => worker.sender.idle()));
    const addresses = smtp.received.flatMap((mail) => mail.to);
    expect(addresses).toHaveLength(readers);
    expect(new Set(addresses).size).toBe(readers);
    const statuses = await database.db.selectFrom('newsletter_sends').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'sent' }]);
  }, 60_000);
});
