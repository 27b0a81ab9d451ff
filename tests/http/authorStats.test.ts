import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { StatsReport } from '../../shared/authorStats';
import { PageViewCounter } from '../../server/content/pageViews';
import { createBooklet } from '../../server/content/createBooklet';
import { recountAll } from '../../server/content/keptCounts';
import { creditWallet, PLATFORM_ADJUSTMENTS, PLATFORM_CLEARING, postTransfer, walletAccount } from '../../server/payments/ledger';
import { writeArticle, writtenAt } from '../support/articles';
import { bookletOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';

/** 23:30 in Shanghai on the 20th; an hour later it is the 21st there and still the 20th in UTC. */
const EVENING = Date.parse('2026-11-20T15:30:00Z');
const AFTER_MIDNIGHT_IN_SHANGHAI = Date.parse('2026-11-20T16:30:00Z');

// The author's numbers (docs/decisions/074): views, reads, likes, favourites, comments, followers and sales, per local day.
describe("the author's numbers", async () => {
  let clock = EVENING;
  const now = () => clock;
  const database = await testDatabase();
  const pageViews = new PageViewCounter({ db: database.db, now, flushMs: 60_000, limitOf: () => null });
  const { app } = await testApp({ deps: { database, now, pageViews } });
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  await createPerson(database, 'cat');
  const essay = await writeArticle(database, ann.id, 'stats-essay', writtenAt(EVENING - 86_400_000));
  const other = await writeArticle(database, ben.id, 'bens-essay', writtenAt(EVENING - 86_400_000));
  const bookletId = await createBooklet(
    database.db,
    { slug: 'stats-guide', ownerId: ann.id, name: 'Stats Guide', priceCents: 1200, items: [{ type: 'article', articleId: essay, slug: 'stats-essay' }] },
    EVENING,
  );
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const annV = await signedIn('ann');
  const benV = await signedIn('ben');
  const catV = await signedIn('cat');
  const stats = async (query: string, path = '') => {
    const res = await annV.get(`/api/editor/stats/${path}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as StatsReport;
  };
  const day = (report: StatsReport, date: string) => report.daily.find((d) => d.day === date);

  it('counts views, reads after a view, likes, favourites, comments, follows and a sale, each in its hour', async () => {
    // Two readers' views; the author's own read and comment count nothing.
    expect((await benV.get('/api/article/stats-essay/')).status).toBe(200);
    const anonymous = new Visitor(app);
    await anonymous.open('/article/stats-essay/');
    expect((await annV.get('/api/article/stats-essay/')).status).toBe(200);
    expect((await benV.post('/api/columns/thumbsup/', { article_slug: 'stats-essay' })).status).toBe(200);
    expect((await benV.post('/api/columns/favorite/', { article_slug: 'stats-essay' })).status).toBe(200);
    expect((await benV.post('/api/comments/article/stats-essay/', { text: 'Well counted' })).status).toBe(201);
    expect((await annV.post('/api/comments/article/stats-essay/', { text: 'Thanks' })).status).toBe(201);
    expect((await catV.post('/api/follow/user/', { following_name: 'ann' })).status).toBe(200);
    await pageViews.flush();

    // An hour later (the 21st in Shanghai): ben's beacon counts a read once; cat never viewed, so hers counts nothing.
    clock = AFTER_MIDNIGHT_IN_SHANGHAI;
    expect((await benV.post(`/api/articles/${essay}/read/`, {})).body).toEqual({ counted: true });
    expect((await benV.post(`/api/articles/${essay}/read/`, {})).body).toEqual({ counted: false });
    expect((await catV.post(`/api/articles/${essay}/read/`, {})).body).toEqual({ counted: false });
    expect((await anonymous.post(`/api/articles/${essay}/read/`, {})).body).toEqual({ counted: true });
    await database.db.transaction().execute((trx) => creditWallet(trx, ben.id, 5_000, { from: PLATFORM_ADJUSTMENTS, kind: 'test', ref: 'test', now: clock }));
    const order = await benV.post('/api/payments/order/', bookletOrder(bookletId, 1200));
    expect(order.status).toBe(201);
    expect((await benV.post(`/api/payments/order/${order.body.id}/wallet/`, {})).status).toBe(200);

    const utc = await stats('days=7&tz=UTC');
    expect(utc.daily.map((d) => d.day)).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(day(utc, '2026-11-20')).toEqual({
      day: '2026-11-20',
      views: 2,
      reads: 2,
      likes: 1,
      favorites: 1,
      comments: 1,
      followers: 1,
      newsletter_sends: 0,
      income_cents: 1200,
    });
    expect(utc.totals).toMatchObject({ views: 2, reads: 2, income_cents: 1200 });

    // In Shanghai the evening's acts are the 20th's and the reads and the sale the 21st's.
    const shanghai = await stats('days=7&tz=Asia%2FShanghai');
    expect(shanghai.time_zone).toBe('Asia/Shanghai');
    expect(shanghai.daily.at(-1)?.day).toBe('2026-11-21');
    expect(day(shanghai, '2026-11-20')).toMatchObject({ views: 2, reads: 0, likes: 1, favorites: 1, comments: 1, followers: 1, income_cents: 0 });
    expect(day(shanghai, '2026-11-21')).toMatchObject({ views: 0, reads: 2, likes: 0, income_cents: 1200 });

    const article = await stats('days=30&tz=Asia%2FShanghai', `articles/${essay}/`);
    expect(article.article).toEqual({ id: essay, slug: 'stats-essay', title: 'Title of stats-essay' });
    expect(article.counters).not.toContain('income_cents');
    expect(article.daily).toHaveLength(30);
    expect(article.totals).toMatchObject({ views: 2, reads: 2, likes: 1, favorites: 1, comments: 1, followers: 0, income_cents: 0 });
  });

  it('takes an undone like or follow out of the hour it was made in (net), and a recount agrees', async () => {
    expect((await benV.post('/api/columns/thumbsup/', { article_slug: 'stats-essay', cancel: true })).status).toBe(200);
    expect((await catV.agent.delete('/api/follow/user/').set('X-CSRFToken', catV.csrf).send({ following_name: 'ann' })).status).toBe(200);
    const after = await stats('days=7&tz=UTC');
    expect(day(after, '2026-11-20')).toMatchObject({ views: 2, reads: 2, likes: 0, favorites: 1, comments: 1, followers: 0, income_cents: 1200 });
    await recountAll(database.db);
    expect(await stats('days=7&tz=UTC')).toEqual(after);
  });

  it('counts a newsletter mail when it is sent, and takes a refunded sale off the income at the refund', async () => {
    const { db } = database;
    const subscription = await db
      .insertInto('newsletter_subscriptions')
      .values({
        author_id: ann.id,
        reader_id: ben.id,
        email: 'ben@example.com',
        locale: 'en',
        status: 'active',
        created_at: EVENING,
        updated_at: EVENING,
        confirmed_at: EVENING,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = await db
      .insertInto('newsletter_sends')
      .values({ article_id: essay, subscription_id: subscription.id, status: 'pending', next_at: EVENING, created_at: EVENING, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mails = async () => (await stats('days=7&tz=UTC', `articles/${essay}/`)).totals.newsletter_sends;
    await db.updateTable('newsletter_sends').set({ status: 'claimed' }).where('id', '=', send.id).execute();
    expect(await mails()).toBe(0);
    await db.updateTable('newsletter_sends').set({ status: 'sent', sent_at: EVENING }).where('id', '=', send.id).execute();
    await db.updateTable('newsletter_sends').set({ status: 'sent', error: '' }).where('id', '=', send.id).execute();
    expect(await mails()).toBe(1);
    expect((await stats('days=7&tz=UTC')).totals.newsletter_sends).toBe(1);

    await db.transaction().execute((trx) =>
      postTransfer(trx, {
        from: walletAccount(ann.id),
        to: PLATFORM_CLEARING,
        amountCents: 1200,
        kind: 'booklet_sale_refund',
        ref: 'refund',
        now: AFTER_MIDNIGHT_IN_SHANGHAI + 86_400_000,
      }),
    );
    clock = AFTER_MIDNIGHT_IN_SHANGHAI + 86_400_000;
    const after = await stats('days=7&tz=UTC');
    expect(day(after, '2026-11-20')?.income_cents).toBe(1200);
    expect(day(after, '2026-11-21')?.income_cents).toBe(-1200);
    expect(after.totals.income_cents).toBe(0);
    await recountAll(database.db);
    expect(await stats('days=7&tz=UTC')).toEqual(after);
    clock = AFTER_MIDNIGHT_IN_SHANGHAI;
  });

  it('shows the numbers of the author only: 403 for another article or without an account, 404 for none, 400 for bad input', async () => {
    expect((await annV.get(`/api/editor/stats/articles/${other}/`)).status).toBe(403);
    expect((await benV.get(`/api/editor/stats/articles/${other}/`)).status).toBe(200);
    expect((await annV.get('/api/editor/stats/articles/999999/')).status).toBe(404);
    expect((await annV.get('/api/editor/stats/articles/abc/')).status).toBe(404);
    const anonymous = await request(app).get('/api/editor/stats/');
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await request(app).get('/api/editor/stats/').set('Authorization', 'Bearer nonsense')).status).toBe(401);
    // ben's own numbers hold nothing of ann's.
    const bens = (await benV.get('/api/editor/stats/?days=7')).body as StatsReport;
    expect(bens.totals.views + bens.totals.income_cents + bens.totals.likes).toBe(0);
    for (const query of [
      'days=8',
      'days=abc',
      'days=7&days=30',
      'tz=Mars%2FOlympus',
      'tz=%3Cscript%3E',
      `tz=${'A'.repeat(100)}`,
      'tz=UTC&tz=Asia%2FShanghai',
    ]) {
      const res = await annV.get(`/api/editor/stats/?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await annV.get('/api/editor/stats/')).body).toMatchObject({ days: 30, time_zone: 'UTC' });
    // New York changed its clocks this year: its days are added up from the hours, and agree.
    const year = await stats('days=365&tz=America%2FNew_York');
    expect(year.daily).toHaveLength(365);
    expect(year.daily.at(-1)?.day).toBe('2026-11-20');
    expect(day(year, '2026-11-20')).toMatchObject({ views: 2, reads: 2, favorites: 1, comments: 1, income_cents: 1200 });
    expect(year.totals).toMatchObject({ views: 2, reads: 2, newsletter_sends: 1, income_cents: 1200 });
  });

  it('refuses a read beacon without the CSRF token, and for an article that is not there', async () => {
    expect((await request(app).post(`/api/articles/${essay}/read/`).send({})).status).toBe(403);
    expect((await benV.post('/api/articles/999999/read/', {})).body).toEqual({ counted: false });
    expect((await benV.post('/api/articles/abc/read/', {})).status).toBe(404);
  });
});
