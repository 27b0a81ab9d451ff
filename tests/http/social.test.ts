import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

async function publish(database: Database, authorId: number, slug: string, visibility: 'public' | 'private' = 'public'): Promise<void> {
  await writeArticle(database, authorId, slug, { title: slug, visibility });
}

describe('likes, favourites and follows', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  await createPerson(database, 'cai');
  await publish(database, ann.id, 'annual-report');
  await publish(database, ann.id, 'secret-draft', 'private');
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  const count = async (table: 'likes' | 'favorites' | 'follows') => (await database.db.selectFrom(table).selectAll().execute()).length;

  it('asks a signed-out reader to sign in and stores nothing', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    for (const [path, body] of [
      ['/api/columns/thumbsup/', { article_slug: 'annual-report' }],
      ['/api/columns/favorite/', { article_slug: 'annual-report' }],
      ['/api/follow/user/', { following_name: 'ann' }],
    ] as const) {
      const res = await visitor.post(path, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    expect(await count('likes')).toBe(0);
    expect(await count('follows')).toBe(0);
  });

  it('likes once however often, shows each reader their own flag, and cancels', async () => {
    const ben = await signedIn('ben');
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'annual-report' })).body).toEqual({ thumb_up_count: 1, thumb_up_status: true });
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'annual-report', cancel: false })).body.thumb_up_count).toBe(1);
    const cai = await signedIn('cai');
    const seenByCai = await cai.get('/api/article/annual-report/');
    expect(seenByCai.body).toMatchObject({ thumb_up_count: 1, thumb_up_status: false });
    expect((await ben.get('/api/article/annual-report/')).body.thumb_up_status).toBe(true);
    expect((await request(app).get('/api/article/annual-report/')).body).toMatchObject({ thumb_up_count: 1, thumb_up_status: false });
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'annual-report', cancel: true })).body).toEqual({
      thumb_up_count: 0,
      thumb_up_status: false,
    });
  });

  it('favourites and unfavourites', async () => {
    const cai = await signedIn('cai');
    expect((await cai.post('/api/columns/favorite/', { article_slug: 'annual-report' })).body).toEqual({ favorite_count: 1, favorite_status: true });
    expect((await cai.post('/api/columns/favorite/', { article_slug: 'annual-report', unfavorite: true })).body).toEqual({
      favorite_count: 0,
      favorite_status: false,
    });
  });

  it('refuses what the reader may not read, and bad bodies, changing nothing', async () => {
    const ben = await signedIn('ben');
    const before = await count('likes');
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'secret-draft' })).body).toEqual({ detail: 'Private Article' });
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: '<script>alert(1)</script>' })).status).toBe(404);
    expect((await ben.post('/api/columns/thumbsup/', {})).body).toEqual({ article_slug: ['This field is required.'] });
    expect((await ben.post('/api/columns/thumbsup/', { article_slug: 'annual-report', cancel: 'yes' })).status).toBe(400);
    expect((await ben.post('/api/columns/favorite/', { article_slug: 'x'.repeat(500) })).status).toBe(400);
    const noCsrf = await ben.agent.post('/api/columns/thumbsup/').send({ article_slug: 'annual-report' });
    expect(noCsrf.status).toBe(403);
    expect(await count('likes')).toBe(before);
  });

  it('follows, shows bidirectional when followed back, and unfollows', async () => {
    const ben = await signedIn('ben');
    const annVisitor = await signedIn('ann');
    expect((await ben.post('/api/follow/user/', { following_name: 'ann' })).body).toEqual({ follower_count: 1, follow_status: 'following' });
    expect((await annVisitor.post('/api/follow/user/', { following_name: 'ben' })).body).toEqual({ follower_count: 1, follow_status: 'bidirectional' });
    expect((await ben.get('/api/article/annual-report/')).body.author).toMatchObject({ follower_count: 1, follow_status: 'bidirectional' });
    const unfollowed = await ben.agent.delete('/api/follow/user/').set('X-CSRFToken', ben.csrf).send({ following_name: 'ann' });
    expect(unfollowed.body).toEqual({ follower_count: 0, follow_status: null });
  });

  it('refuses following oneself or nobody', async () => {
    const ben = await signedIn('ben');
    expect((await ben.post('/api/follow/user/', { following_name: 'ben' })).body).toEqual({ following_name: ['You cannot follow yourself.'] });
    expect((await ben.post('/api/follow/user/', { following_name: 'nobody' })).status).toBe(400);
    expect((await ben.post('/api/follow/user/', { following_name: 42 })).status).toBe(400);
  });
});
