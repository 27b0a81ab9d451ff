import { rateLimit } from 'express-rate-limit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { DatabaseRateLimitStore } from '../../server/security/databaseRateLimitStore';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { sharedDatabase } from '../support/sharedDatabase';
import { testApp } from '../support/testApp';

const SEARCH_LIMIT = 3;
const DAY = 24 * 3600_000;
// Fake clocks run days ahead of the real one the apps use: the shared prune lease is then always theirs to take.
const later = (days: number) => Date.now() + days * DAY;

/** A store as a limiter sets it up (init with its window), on a clock the test moves. */
function storeOn(database: Database, windowMs: number, now: () => number): DatabaseRateLimitStore {
  const store = new DatabaseRateLimitStore({ db: database.db, prefix: 'test:', now });
  rateLimit({ windowMs, limit: 1000, store });
  return store;
}

describe('rate limits counted in the database (docs/decisions/042)', async () => {
  const [dbA, dbB] = await sharedDatabase();
  const limits = { signIn: 100, reset: 100, search: SEARCH_LIMIT };
  const { app: appA } = await testApp({ deps: { database: dbA, limits } });
  const { app: appB } = await testApp({ deps: { database: dbB, limits } });
  await createPerson(dbA, 'ann');

  it('two apps on one database count one limit together: what app A let through, app B refuses', async () => {
    for (let i = 0; i < SEARCH_LIMIT; i++) expect((await request(appA).get('/api/search/?q=letter')).status).toBe(200);
    const refused = await request(appB).get('/api/search/?q=letter');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Request was throttled. Expected available in 60 seconds.' });
    expect(refused.headers['ratelimit-policy']).toMatch(new RegExp(`; q=${SEARCH_LIMIT}; w=60; pk=:`));
    expect(refused.headers.ratelimit).toMatch(/; r=0; t=(59|60)$/);
    expect((await request(appA).get('/api/search/?q=letter')).status).toBe(429);
    // Each limiter counts its own: signing in through app B still works.
    const visitor = new Visitor(appB);
    expect((await visitor.signIn('ann@example.com', PASSWORD)).status).toBe(200);
  });

  it('counts restart after the window, and expired windows are pruned', async () => {
    const start = later(1);
    let clock = start;
    const store = storeOn(dbA, 1000, () => clock);
    expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
    expect((await store.increment('1.2.3.4')).totalHits).toBe(2);
    const info = await store.get('1.2.3.4');
    expect(info).toEqual({ totalHits: 2, resetTime: new Date(start + 1000) });
    clock += 999;
    expect((await store.increment('1.2.3.4')).totalHits).toBe(3);
    clock += 1;
    expect(await store.get('1.2.3.4')).toBeUndefined();
    const restarted = await store.increment('1.2.3.4');
    expect(restarted).toEqual({ totalHits: 1, resetTime: new Date(start + 2000) });
    // A decrement (a skipped success) and a reset, as express-rate-limit calls them.
    await store.increment('1.2.3.4');
    await store.decrement('1.2.3.4');
    expect((await store.get('1.2.3.4'))?.totalHits).toBe(1);
    await store.resetKey('1.2.3.4');
    expect(await store.get('1.2.3.4')).toBeUndefined();
  });

  it('prunes expired windows once the fleet is due, one process at a time', async () => {
    let clock = later(2);
    const store = storeOn(dbB, 1000, () => clock);
    await store.increment('gone');
    clock += 60 * 60_000;
    await store.increment('fresh');
    const keys = await dbA.db.selectFrom('rate_limits').select('key').where('key', 'in', ['test:gone', 'test:fresh']).execute();
    expect(keys.map((k) => k.key)).toEqual(['test:fresh']);
  });

  it('loses no hit when both processes increment one key at once', async () => {
    const at = later(3);
    const now = () => at;
    const stores = [storeOn(dbA, 60_000, now), storeOn(dbB, 60_000, now)];
    const totals = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]?.increment('crowd') ?? Promise.resolve(undefined)));
    const hits = totals.map((t) => t?.totalHits ?? 0).sort((a, b) => a - b);
    expect(hits).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect((await stores[0]?.get('crowd'))?.totalHits).toBe(60);
  });
});
