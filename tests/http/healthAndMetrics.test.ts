import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

// /healthz and /metrics in process (docs/decisions/048); the built cluster is tests/http/cluster.test.ts.
const TOKEN = 'a-metrics-token-for-tests';

/** Every label set of an exposition, `{…}` joined: where an id must not appear (values are numbers that may hold its digits). */
const labelSets = (exposition: string) => [...exposition.matchAll(/\{[^}]*\}/g)].map(([set]) => set).join('\n');

/** The disk store with a health check that says what the test wants. */
function mediaWithHealth(ok: boolean) {
  return Object.assign(new LocalMediaStore(path.join(os.tmpdir(), 'zine-health-media'), 'http://localhost:3000'), {
    health: async () => ({ ok, detail: ok ? 'disk writable' : 'bucket unreachable' }),
  });
}

describe('/healthz', () => {
  it('says ok and nothing more to anyone, and names no path', async () => {
    const { app, mediaDir } = await testApp();
    const res = await request(app).get('/healthz').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.text).not.toContain(mediaDir);
    expect(res.text).not.toContain(os.tmpdir());
    // Without METRICS_TOKEN there are no details for anyone, whatever they send.
    expect((await request(app).get('/healthz').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body).toEqual({ status: 'ok' });
  });

  it('gives the details (the database, the PDF queue, the media store) only with METRICS_TOKEN', async () => {
    const { app, database, mediaDir } = await testApp({ config: { metricsToken: TOKEN } });
    const user = await createPerson(database, 'waiting');
    await database.db
      .insertInto('pdf_exports')
      .values({ article_id: null, user_id: user.id, article_version: 1, status: 'pending', created_at: Date.now() - 5000 })
      .execute();
    for (const authorization of [undefined, 'Bearer nope', TOKEN]) {
      const anonymous = request(app).get('/healthz');
      const res = await (authorization ? anonymous.set('Authorization', authorization) : anonymous).expect(200);
      expect(res.body, authorization).toEqual({ status: 'ok' });
      expect(res.text, authorization).not.toContain(mediaDir);
    }
    const res = await request(app).get('/healthz').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      database: 'ok',
      pdfQueue: { pending: 1, processing: 0, oldestPendingAgeS: expect.closeTo(5, 0) },
      media: { ok: true, detail: `${mediaDir} writable` },
    });
  });

  it('answers 503 when the media store fails its check, the cause behind the token', async () => {
    const { app } = await testApp({ config: { metricsToken: TOKEN }, deps: { media: mediaWithHealth(false) } });
    expect((await request(app).get('/healthz').expect(503)).body).toEqual({ status: 'unavailable' });
    const res = await request(app).get('/healthz').set('Authorization', `Bearer ${TOKEN}`).expect(503);
    expect(res.body).toMatchObject({ status: 'unavailable', database: 'ok', media: { ok: false, detail: 'bucket unreachable' } });
  });

  it('answers 503 when the database is gone', async () => {
    const { app, database } = await testApp({ config: { metricsToken: TOKEN } });
    await database.close();
    expect((await request(app).get('/healthz').expect(503)).body).toEqual({ status: 'unavailable' });
    const res = await request(app).get('/healthz').set('Authorization', `Bearer ${TOKEN}`).expect(503);
    expect(res.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });
});

describe('/metrics', () => {
  it('is an unknown page without METRICS_TOKEN', async () => {
    const { app } = await testApp();
    await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('wants the token, then names routes by pattern, never by URL', async () => {
    const { app } = await testApp({ config: { metricsToken: TOKEN } });
    await request(app).get('/metrics').expect(401).expect('WWW-Authenticate', 'Bearer');
    await request(app).get('/metrics').set('Authorization', 'Bearer nope').expect(401);
    await request(app).get('/api/articles/12345/');
    await request(app).get('/api/articles/67890/');
    await request(app).get('/');
    const res = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{worker="0",route="\/api\/articles\/:id\/",method="GET",code="4xx"\} 2/);
    expect(res.text).toMatch(/route="home",method="GET",code="2xx"/);
    expect(labelSets(res.text)).not.toContain('12345');
    expect(res.text).toMatch(/render_cache_misses_total\{worker="0"\} 1/);
    expect(res.text).toContain('pdf_queue_jobs{status="pending",worker="0"} 0');
  });

  it('labels a route under a mount with parameters by its pattern, never by the first id seen', async () => {
    const { app } = await testApp({ config: { metricsToken: TOKEN } });
    await request(app).get('/api/articles/4242/share_codes/');
    await request(app).get('/api/articles/5353/share_codes/');
    const res = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{worker="0",route="\/api\/articles\/:id\/share_codes\/",method="GET",code="4xx"\} 2/);
    for (const id of ['4242', '5353']) expect(labelSets(res.text)).not.toContain(id);
    // Every route label is a pattern, a page's route id or a fixed name: no label holds a number.
    const routes = [...res.text.matchAll(/route="([^"]*)"/g)].map(([, route]) => route ?? '');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/\d{3,}/);
  });
});
