import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BOOKLET_REVIEW_MAX_LENGTH } from '../../shared/entities';
import { createPerson } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { bookletFixture } from './booklets.fixture';

describe('booklets: ratings', async () => {
  const { app, database } = await testApp();
  const { db } = database;
  await bookletFixture(database);
  const signedIn = async (username: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(`${username}@example.com`, 'correct horse battery')).status).toBe(200);
    return visitor;
  };
  const [ann, ben, cat] = [await signedIn('ann'), await signedIn('ben'), await signedIn('cat')];
  const stored = async () => db.selectFrom('booklet_ratings').selectAll().execute();
  const url = '/api/booklets/field-guide/ratings/';

  it('rates, then replaces the rating on a second post, and records the change for cached pages', async () => {
    const before = (await db.selectFrom('content_changes').selectAll().where('key', '=', 'booklet:field-guide').execute()).length;
    const first = await ben.post(url, { rating: 4, review: 'Useful <script>alert(1)</script>' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ rating: 4, review: 'Useful <script>alert(1)</script>', author: { username: 'ben', column: '/@ben/' } });
    const second = await ben.post(url, { rating: 2, review: '  Changed my mind  ' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, rating: 2, review: 'Changed my mind' });
    expect((await stored()).map((r) => [r.rating, r.review])).toEqual([[2, 'Changed my mind']]);
    const changes = await db.selectFrom('content_changes').selectAll().where('key', '=', 'booklet:field-guide').execute();
    expect(changes.length).toBe(before + 2);
  });

  it("summarises ratings on the booklet, with the reader's own", async () => {
    expect((await cat.post(url, { rating: 5 })).status).toBe(201);
    const forBen = await ben.get('/api/booklets/field-guide/');
    expect(forBen.body.rating).toEqual({ average: 3.5, count: 2 });
    expect(forBen.body.my_rating).toEqual({ rating: 2, review: 'Changed my mind' });
    const forCat = await cat.get('/api/booklets/field-guide/');
    expect(forCat.body.my_rating).toEqual({ rating: 5, review: '' });
  });

  it('lists ratings with reviews, latest first, paged', async () => {
    const first = await request(app).get(`${url}?page_size=1`).expect(200);
    expect(first.body).toMatchObject({ count: 2, previous: null, results: [{ rating: 5, author: { username: 'cat' } }] });
    const next = new URL(first.body.next);
    const second = await request(app)
      .get(next.pathname + next.search)
      .expect(200);
    expect(second.body.results.map((r: { rating: number }) => r.rating)).toEqual([2]);
    expect(second.body.next).toBeNull();
    expect((await request(app).get(`${url}?page=0`)).status).toBe(400);
    expect((await request(app).get('/api/booklets/nope/ratings/')).status).toBe(404);
  });

  it('refuses the signed out, a missing CSRF token, the owner and bad input, storing nothing', async () => {
    const before = JSON.stringify(await stored());
    const anonymous = new Visitor(app);
    await anonymous.open();
    expect((await anonymous.post(url, { rating: 5 })).body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const noToken = await ben.agent.post(url).send({ rating: 1 });
    expect(noToken.status).toBe(403);
    expect(noToken.body.detail).toMatch(/^CSRF Failed/);
    expect(await ann.post(url, { rating: 5 })).toMatchObject({ status: 403, body: { detail: 'You cannot rate your own booklet.' } });
    const message = ['A rating is a whole number from 1 to 5.'];
    for (const rating of [0, 6, 2.5, '5', null, -1, 1e308]) {
      const res = await ben.post(url, { rating });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ rating: message });
    }
    expect((await ben.post(url, {})).body).toEqual({ rating: ['This field is required.'] });
    expect((await ben.post(url, { rating: 3, review: 'x'.repeat(BOOKLET_REVIEW_MAX_LENGTH + 1) })).body).toEqual({
      review: [`A review has at most ${BOOKLET_REVIEW_MAX_LENGTH} characters.`],
    });
    expect((await ben.post(url, { rating: 3, review: 42 })).body).toEqual({ review: ['A review is text.'] });
    expect((await ben.post(url, [1, 2])).status).toBe(400);
    const malformed = await ben.agent.post(url).set('X-CSRFToken', ben.csrf).set('Content-Type', 'application/json').send('{"rating": ');
    expect(malformed.status).toBe(400);
    expect((await ben.post('/api/booklets/nope/ratings/', { rating: 3 })).status).toBe(404);
    expect(JSON.stringify(await stored())).toBe(before);
  });

  it('accepts a review of exactly the limit, Chinese included', async () => {
    expect((await ben.post(url, { rating: 3, review: '好'.repeat(BOOKLET_REVIEW_MAX_LENGTH) })).status).toBe(200);
  });

  it('keeps one rating when two first ratings arrive at once (a double click)', async () => {
    await createPerson(database, 'dee');
    const dee = await signedIn('dee');
    const answers = await Promise.all([dee.post(url, { rating: 5, review: 'once' }), dee.post(url, { rating: 4, review: 'twice' })]);
    for (const answer of answers) expect([200, 201]).toContain(answer.status);
    const mine = (await stored()).filter((r) => ['once', 'twice'].includes(r.review));
    expect(mine).toHaveLength(1);
  });

  it('refuses NUL characters in a review with a 400, storing nothing', async () => {
    const before = JSON.stringify(await stored());
    const res = await ben.post(url, { rating: 3, review: 'nul\u0000here' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Text may not contain NUL characters.' });
    expect(JSON.stringify(await stored())).toBe(before);
  });
});
