import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { trackingUrl } from '../../shared/tracking';
import { testApp } from '../support/testApp';

const { app, database } = await testApp();
const events = () => database.db.selectFrom('tracking_events').selectAll().orderBy('id').execute();

describe('the embedded log endpoint', () => {
  it('stores an event and answers a 1x1 GIF', async () => {
    const url = trackingUrl(
      '/log',
      { cate: 'api', event: 'request_failed', status: 502, method: 'GET', msg: 'Bad Gateway <b>', page: 'home', path: '/', uid: '7', sid: 's1', order_id: '' },
      5,
    );
    const res = await request(app).get(url).set('User-Agent', 'test-agent').expect(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBeInstanceOf(Buffer);
    expect((res.body as Buffer).subarray(0, 6).toString()).toBe('GIF89a');
    const [stored] = await events();
    expect(stored).toMatchObject({
      cate: 'api',
      event: 'request_failed',
      status: '502',
      method: 'GET',
      msg: 'Bad Gateway <b>',
      page: 'home',
      path: '/',
      uid: '7',
      sid: 's1',
      version: '0.6.0',
      user_agent: 'test-agent',
    });
  });

  it.each([
    ['a wrong API version', '/log?v=0.5.0&cate=page&event=load'],
    ['no category', '/log?v=0.6.0&event=load'],
    ['an oversized field', `/log?v=0.6.0&cate=page&event=load&uid=${'x'.repeat(101)}`],
    ['a repeated field', '/log?v=0.6.0&cate=page&cate=other&event=load'],
  ])('refuses %s with a 400 and stores nothing', async (_case, url) => {
    const before = (await events()).length;
    const res = await request(app).get(url).expect(400);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(await events()).toHaveLength(before);
  });
});
