import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { writeArticle, type ArticleOverrides } from '../support/articles';
import { createPerson } from '../support/people';
import { jsonBlock, testApp } from '../support/testApp';

describe('the public articles (home and discovery)', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  const lapsed = await createPerson(database, 'lapsed');
  await new UserDirectory(database.db, Date.now).setMembership(lapsed.email, 'premium', Date.now() - 1000);
  const now = Date.now();
  const article = (slug: string, authorId: number, minutesAgo: number, extra: ArticleOverrides = {}) =>
    writeArticle(database, authorId, slug, {
      title: `Title ${slug}`,
      client_modify_date: now,
      created_at: now - minutesAgo * 60_000,
      modified_at: now - minutesAgo * 60_000,
      ...extra,
    });
  for (let i = 0; i < 23; i++) await article(`post-${i}`, ann.id, i + 1);
  await article('private-one', ann.id, 0, { visibility: 'private' });
  await article('banned-one', ann.id, 0, { moderation: 'banned' });
  await article('trashed-one', ann.id, 0, { trashed: 1 });
  await article('lapsed-one', lapsed.id, 0);

  it('pages through readable articles only, newest first, with DRF links', async () => {
    const first = await request(app).get('/api/v2/articles/public/').expect(200);
    expect(first.body.count).toBe(23);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0].slug).toBe('post-0');
    expect(first.body.previous).toBeNull();
    // The link carries where page 2 begins (the last row's time and id), for a walk that skips no rows.
    expect(first.body.next).toMatch(/^http:\/\/localhost:3000\/api\/v2\/articles\/public\/\?page=2&page_size=20&cursor=n\d+\.\d+$/);
    const second = await request(app)
      .get(new URL(first.body.next).pathname + new URL(first.body.next).search)
      .expect(200);
    expect(second.body.results.map((a: { slug: string }) => a.slug)).toEqual(['post-20', 'post-21', 'post-22']);
    expect(second.body.next).toBeNull();
    const slugs = [...first.body.results, ...second.body.results].map((a: { slug: string }) => a.slug);
    expect(slugs).not.toEqual(expect.arrayContaining(['private-one']));
    for (const hidden of ['private-one', 'banned-one', 'trashed-one', 'lapsed-one']) expect(slugs).not.toContain(hidden);
  });

  it.each(['page=0', 'page=abc', 'page_size=1000', 'page_size=-1'])('refuses ?%s with 400', async (query) => {
    const res = await request(app).get(`/api/v2/articles/public/?${query}`).expect(400);
    expect(Object.keys(res.body).length).toBeGreaterThan(0);
  });

  it('renders the latest articles on the home page and on /found, with the paging state', async () => {
    for (const path of ['/', '/found/']) {
      const res = await request(app).get(path).expect(200);
      expect(res.text).toContain('href="/article/post-0/"');
      expect(res.text).toContain('Load more');
      const state = jsonBlock(res.text, '__STATE__') as { feed: { count: number; items: unknown[]; loaded: boolean } };
      expect(state.feed).toMatchObject({ count: 23, loaded: true });
      expect(state.feed.items).toHaveLength(20);
    }
  });
});
