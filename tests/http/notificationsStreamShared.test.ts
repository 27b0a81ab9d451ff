import { afterAll, describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { listening, openStream, signedInCookie } from '../support/eventStream';
import { createPerson, PASSWORD } from '../support/people';
import { sharedDatabase } from '../support/sharedDatabase';
import { testApp } from '../support/testApp';
import { testEngine } from '../support/testDatabase';

// SQLite is one process on one machine (decision 046): only PostgreSQL fans out across processes.
describe.runIf(testEngine() === 'postgres')('live notifications across two processes on one PostgreSQL database', async () => {
  const [first, second] = await sharedDatabase();
  const one = await listening((await testApp({ deps: { database: first } })).app);
  const two = await listening((await testApp({ deps: { database: second } })).app);
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });
  const ann = await createPerson(first, 'ann');
  await createPerson(first, 'ben');
  await writeArticle(first, ann.id, 'long-read', { title: 'A long read' });

  it("a like made through one app reaches the author's stream on the other within a second", async () => {
    const annIn = await signedInCookie(two.server, 'ann@example.com', PASSWORD);
    const benIn = await signedInCookie(one.server, 'ben@example.com', PASSWORD);
    const stream = await openStream(two.origin, annIn.cookie);
    expect((await stream.next('count')).data).toEqual({ unread_count: 0 });
    const liked = Date.now();
    expect((await benIn.visitor.post('/api/columns/thumbsup/', { article_slug: 'long-read' })).status).toBe(200);
    const event = (await stream.next('notification', 1000)).data as { unread_count: number; notification: { payload: { type: string } } };
    expect(Date.now() - liked).toBeLessThan(1000);
    expect(event.unread_count).toBe(1);
    expect(event.notification.payload.type).toBe('thumbsup');
    // A follow and a comment too.
    expect((await benIn.visitor.post('/api/follow/user/', { following_name: 'ann' })).status).toBe(200);
    expect((await benIn.visitor.post('/api/comments/article/long-read/', { text: 'Well put.' })).status).toBe(201);
    await expect
      .poll(() => stream.events.filter((e) => e.event === 'notification').map((e) => e.data), { timeout: 1000 })
      .toMatchObject([
        { unread_count: 1 },
        { unread_count: 2, notification: { payload: { type: 'follow' } } },
        { unread_count: 3, notification: { payload: { type: 'comment' } } },
      ]);
    stream.close();
  });

  it('a sign-out through one app ends the stream held by the other, which carries nothing after (docs/decisions/061)', async () => {
    const annIn = await signedInCookie(one.server, 'ann@example.com', PASSWORD);
    const benIn = await signedInCookie(one.server, 'ben@example.com', PASSWORD);
    const stream = await openStream(two.origin, annIn.cookie);
    await stream.next('count');
    expect((await annIn.visitor.get('/api/accounts/logout/cookies/')).status).toBe(200);
    expect((await benIn.visitor.post('/api/comments/article/long-read/', { text: 'After you left' })).status).toBe(201);
    await expect.poll(() => stream.ended, { timeout: 3000, interval: 50 }).toBe(true);
    expect(stream.events.map((e) => e.event)).toEqual(['count']);
  });
});
