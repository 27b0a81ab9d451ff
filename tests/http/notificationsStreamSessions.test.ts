import { afterAll, describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { SERVER_STREAMS_FULL, SESSION_CHECK_MS } from '../../server/api/notifications/stream';
import { writeArticle } from '../support/articles';
import { listening, openStream, signedInCookie, type EventStreamReader } from '../support/eventStream';
import { createPerson, PASSWORD } from '../support/people';
import { testApp } from '../support/testApp';

/** "Within a few seconds": the session check's period and a second for the query and the disconnect. */
const ENDS_WITHIN_MS = SESSION_CHECK_MS + 1000;

/** Waits for the server to end the stream; answers how long it took. */
async function endOf(stream: EventStreamReader): Promise<number> {
  const started = Date.now();
  await expect.poll(() => stream.ended, { timeout: ENDS_WITHIN_MS, interval: 50 }).toBe(true);
  return Date.now() - started;
}

const kinds = (stream: EventStreamReader) => stream.events.map((e) => e.event);

describe('a live notification stream ends with what opened it (docs/decisions/061)', async () => {
  const { app, database } = await testApp();
  const live = await listening(app);
  afterAll(() => live.close());
  const users = new UserDirectory(database.db, Date.now);
  const ann = await createPerson(database, 'ann');
  const cat = await createPerson(database, 'cat');
  await createPerson(database, 'ben');
  await createPerson(database, 'eve');
  const dan = await createPerson(database, 'dan');
  await writeArticle(database, ann.id, 'anns-piece');
  await writeArticle(database, cat.id, 'cats-piece');
  const ben = await signedInCookie(live.server, 'ben@example.com', PASSWORD);

  it('after sign-out: the comment that follows reaches the reader’s other session, not the signed-out one, which ends', async () => {
    const leaving = await signedInCookie(live.server, 'ann@example.com', PASSWORD);
    const staying = await signedInCookie(live.server, 'ann@example.com', PASSWORD);
    const [gone, kept] = [await openStream(live.origin, leaving.cookie), await openStream(live.origin, staying.cookie)];
    await gone.next('count');
    await kept.next('count');
    expect((await leaving.visitor.get('/api/accounts/logout/cookies/')).status).toBe(200);
    expect((await ben.visitor.post('/api/comments/article/anns-piece/', { text: 'A private remark' })).status).toBe(201);
    expect(((await kept.next('notification', 1000)).data as { notification: { payload: { type: string } } }).notification.payload.type).toBe('comment');
    await endOf(gone);
    expect(kinds(gone)).toEqual(['count']);
    expect(JSON.stringify(gone.events)).not.toContain('A private remark');
    expect(kept.ended).toBe(false);
    kept.close();
  });

  it('after a password change made as `npm run admin -- set-password` makes it, ends within a few seconds and carries nothing after', async () => {
    const reader = await signedInCookie(live.server, 'cat@example.com', PASSWORD);
    const stream = await openStream(live.origin, reader.cookie);
    await stream.next('count');
    await users.setPassword('cat@example.com', 'a brand new password');
    expect((await ben.visitor.post('/api/comments/article/cats-piece/', { text: 'Words for cat alone' })).status).toBe(201);
    expect(await endOf(stream)).toBeLessThan(ENDS_WITHIN_MS);
    expect(kinds(stream)).toEqual(['count']);
  });

  it('after a ban, ends the session’s stream and the API token’s, and carries nothing after', async () => {
    const reader = await signedInCookie(live.server, 'eve@example.com', PASSWORD);
    const token = await users.createApiToken('eve@example.com', 'phone');
    // Eve's comment on Ben's article, which Ben answers once she is banned: a reply notification for her.
    await writeArticle(database, (await users.require('ben@example.com')).id, 'bens-piece');
    const eves = await reader.visitor.post('/api/comments/article/bens-piece/', { text: 'Hello Ben' });
    expect(eves.status).toBe(201);
    const bySession = await openStream(live.origin, reader.cookie);
    const byToken = await openStream(live.origin, undefined, { Authorization: `Bearer ${token}` });
    await bySession.next('count');
    await byToken.next('count');
    await users.setStatus('eve@example.com', 'banned');
    const reply = await ben.visitor.post('/api/comments/article/bens-piece/', { text: 'Not for a banned reader', parent: eves.body.id });
    expect(reply.status).toBe(201);
    await Promise.all([endOf(bySession), endOf(byToken)]);
    expect(kinds(bySession)).toEqual(['count']);
    expect(kinds(byToken)).toEqual(['count']);
  });

  it('ends a stream with nothing to carry too, by the periodic check, once its session expires', async () => {
    const reader = await signedInCookie(live.server, 'dan@example.com', PASSWORD);
    const stream = await openStream(live.origin, reader.cookie);
    await stream.next('count');
    // The session row stays; only its time is up (resolveAuth would refuse it from now on).
    await database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', dan.id)
      .execute();
    expect(await endOf(stream)).toBeLessThan(ENDS_WITHIN_MS);
    expect(kinds(stream)).toEqual(['count']);
  });

  it('lets an open stream live on while its session stands', async () => {
    const reader = await signedInCookie(live.server, 'ben@example.com', PASSWORD);
    const stream = await openStream(live.origin, reader.cookie);
    await stream.next('count');
    await new Promise((resolve) => setTimeout(resolve, ENDS_WITHIN_MS));
    expect(stream.ended).toBe(false);
    stream.close();
  });
});

describe('the open streams of one process are bounded (docs/decisions/061)', async () => {
  const { app, database } = await testApp({ config: { notificationStreamsPerProcess: 2 } });
  const live = await listening(app);
  afterAll(() => live.close());
  for (const name of ['ann', 'ben', 'cat']) await createPerson(database, name);
  const [ann, ben, cat] = await Promise.all(['ann', 'ben', 'cat'].map((name) => signedInCookie(live.server, `${name}@example.com`, PASSWORD)));

  it('answers one more, whoever asks, with a 429 in the API’s error shape, and takes it again once one closes', async () => {
    if (!ann || !ben || !cat) throw new Error('three readers signed in');
    const open = [await openStream(live.origin, ann.cookie), await openStream(live.origin, ben.cookie)];
    for (const stream of open) await stream.next('count');
    const third = await openStream(live.origin, cat.cookie);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('retry-after')).toBe('30');
    expect(await third.response.json()).toEqual({ detail: SERVER_STREAMS_FULL });
    open[0]?.close();
    await expect
      .poll(
        async () => {
          const again = await openStream(live.origin, cat.cookie);
          again.close();
          return again.response.status;
        },
        { timeout: 2000, interval: 50 },
      )
      .toBe(200);
    open[1]?.close();
  });
});
