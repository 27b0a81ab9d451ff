import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieFromHeader } from '../../shared/cookieHeader';
import { SESSION_COOKIE } from '../../server/api/cookies';
import { inProcessNotificationBus } from '../../server/notifications/bus';
import { notificationStream } from '../../server/api/notifications/stream';
import { drainServer } from '../../server/drainServer';
import { hashSecret } from '../../server/security/secrets';
import { writeArticle } from '../support/articles';
import { listening, openStream, signedInCookie } from '../support/eventStream';
import { createPerson, PASSWORD } from '../support/people';
import { testApp } from '../support/testApp';

interface Live {
  unread_count: number;
  notification: { id: number; unread: boolean; payload: { type: string; source: { object: { username: string } } | null } };
}

describe('the live notification stream (decision 046)', async () => {
  const { app, database } = await testApp();
  const live = await listening(app);
  afterAll(() => live.close());
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  await writeArticle(database, ann.id, 'long-read', { title: 'A long read' });
  const annIn = await signedInCookie(live.server, 'ann@example.com', PASSWORD);
  const benIn = await signedInCookie(live.server, 'ben@example.com', PASSWORD);

  it('refuses an anonymous reader, as the other notification calls do', async () => {
    const stream = await openStream(live.origin);
    expect(stream.response.status).toBe(403);
    expect(await stream.response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('is an unbuffered, uncompressed event stream that starts with the unread count', async () => {
    const stream = await openStream(live.origin, annIn.cookie);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect((await stream.next('count')).data).toEqual({ unread_count: 0 });
    stream.close();
  });

  it("tells the author of a like within a second, with the new count and the list's item; nobody else hears", async () => {
    const [annStream, benStream] = [await openStream(live.origin, annIn.cookie), await openStream(live.origin, benIn.cookie)];
    await annStream.next('count');
    await benStream.next('count');
    const liked = Date.now();
    const res = await benIn.visitor.post('/api/columns/thumbsup/', { article_slug: 'long-read' });
    expect(res.status).toBe(200);
    const event = (await annStream.next('notification', 1000)).data as Live;
    expect(Date.now() - liked).toBeLessThan(1000);
    expect(event.unread_count).toBe(1);
    expect(event.notification).toMatchObject({ unread: true, payload: { type: 'thumbsup', source: { object: { username: 'ben' } } } });
    // The same item the list endpoint answers.
    const listed = await annIn.visitor.get('/api/notification/?action=thumbsup');
    expect(listed.body.results[0]).toEqual(event.notification);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(benStream.events.map((e) => e.event)).toEqual(['count']);
    annStream.close();
    benStream.close();
  });

  it('bounds the streams per reader, and a closed stream frees its place', async () => {
    const open = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(live.origin, benIn.cookie)));
    for (const stream of open) await stream.next('count');
    const sixth = await openStream(live.origin, benIn.cookie);
    expect(sixth.response.status).toBe(429);
    open[0]?.close();
    // The server sees the disconnect and forgets the stream.
    let again = await openStream(live.origin, benIn.cookie);
    for (let tries = 0; again.response.status === 429 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(live.origin, benIn.cookie);
    }
    expect(again.response.status).toBe(200);
    await again.next('count');
    for (const stream of [...open, again]) stream.close();
  });

  it('sends a heartbeat comment while idle, and ends its streams when the server drains', async () => {
    const user = await database.db.selectFrom('users').selectAll().where('id', '=', ann.id).executeTakeFirstOrThrow();
    // Ann's real session: the stream reads it again before its events (docs/decisions/061).
    const sessionHash = hashSecret(cookieFromHeader(annIn.cookie, SESSION_COOKIE) ?? '');
    const small = express();
    small.use((req, _res, next) => {
      req.auth = { user, via: 'session', sessionHash, tokenId: null };
      next();
    });
    small.get('/api/notification/stream/', notificationStream({ db: database.db, notificationBus: inProcessNotificationBus(), heartbeatMs: 50 }));
    const other = await listening(small);
    const abort = new AbortController();
    const res = await fetch(`${other.origin}/api/notification/stream/`, { signal: abort.signal });
    const reader = res.body?.getReader();
    let text = '';
    const decoder = new TextDecoder();
    const deadline = Date.now() + 3000;
    while (reader && !text.includes(': ping') && Date.now() < deadline) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toContain('event: count');
    expect(text).toContain(': ping\n\n');
    // A drain (SIGTERM) waits for requests in flight: the stream ends by itself within about a second.
    const started = Date.now();
    const drained = drainServer(other.server, 100);
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read());
    await drained;
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('passes through a proxy-mode app (API_UPSTREAM) unbuffered, even past the upstream timeout', async () => {
    const proxy = await listening((await testApp({ config: { apiUpstream: live.origin, upstreamTimeoutMs: 300 } })).app);
    try {
      const stream = await openStream(proxy.origin, annIn.cookie);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await stream.next('count');
      // Idle for longer than the proxy's timeout: the stream is still there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await benIn.visitor.post('/api/columns/favorite/', { article_slug: 'long-read' })).status).toBe(200);
      const event = (await stream.next('notification', 1000)).data as Live;
      expect(event.notification.payload.type).toBe('favorite');
      stream.close();
    } finally {
      await proxy.close();
    }
  });
});
