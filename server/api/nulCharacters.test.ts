import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, rejectNulCharacters } from './nulCharacters';

const app = express();
app.use(express.json({ limit: '2mb' }));
app.use(rejectNulCharacters());
app.post('/echo', (req, res) => {
  res.json({ ok: true });
});

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

describe('rejectNulCharacters', () => {
  it('passes ordinary bodies, nested as deep as allowed', async () => {
    await request(app)
      .post('/echo')
      .send({ a: [{ b: 'text' }] })
      .expect(200);
    await request(app)
      .post('/echo')
      .type('json')
      .send(nested(MAX_BODY_DEPTH, '[', ']'))
      .expect(200);
  });
  it('refuses a NUL in a value or a key', async () => {
    const res = await request(app)
      .post('/echo')
      .send({ a: ['x\u0000y'] })
      .expect(400);
    expect(res.body.detail).toContain('NUL');
    await request(app).post('/echo').send({ 'k\u0000': 1 }).expect(400);
  });
  it.each([
    ['arrays', '[', ']'],
    ['objects', '{"a":', '}'],
  ])('refuses deeply nested %s with a 400, however deep', async (_kind, open, close) => {
    for (const depth of [MAX_BODY_DEPTH + 1, 5_000, 100_000]) {
      const body = open === '[' ? nested(depth, '[', ']') : open.repeat(depth) + '1' + close.repeat(depth);
      const res = await request(app).post('/echo').type('json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('nest');
    }
  });
});
