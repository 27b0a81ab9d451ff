import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('POST /api/contact/ (the feedback popup)', async () => {
  const { app, database, outboxDir } = await testApp({
    config: { operatorEmail: 'desk@zine.example' },
    deps: { limits: { signIn: 100, reset: 100, contact: 100 } },
  });
  const ann = await createPerson(database, 'ann');
  const stored = () => database.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
  const mails = () =>
    fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'))
      : [];

  it('stores a signed-in reader’s message with the account, and mails it to the operator', async () => {
    const visitor = new Visitor(app);
    await visitor.signIn('ann@example.com', PASSWORD);
    const message = 'The bell is too quiet.\n\nplatform: Linux; role: user; traffic: 0 MB / 100 MB';
    const res = await visitor.post('/api/contact/', { email: 'ann@example.com', message });
    expect(res.status).toBe(201);
    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({ email: 'ann@example.com', message, user_id: ann.id });
    // Mailed after the answer; the first mail of a process also loads the mail library (decision 033).
    await vi.waitFor(() => expect(mails().length).toBe(1), { timeout: 10_000 });
    const mail = mails()[0] ?? '';
    expect(mail).toMatch(/^To: desk@zine\.example$/m);
    expect(mail).toContain('The bell is too quiet.');
    expect(mail).toMatch(/^Subject: Zine feedback #\d+ from ann@example\.com$/m);
  });

  it('takes a message from a reader who is not signed in, without an account', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    expect((await visitor.post('/api/contact/', { email: 'guest@example.org', message: 'Hello' })).status).toBe(201);
    expect((await stored()).at(-1)).toMatchObject({ email: 'guest@example.org', user_id: null });
  });

  it('keeps <script> in the text as text', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const message = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    expect((await visitor.post('/api/contact/', { email: 'x@example.org', message })).status).toBe(201);
    expect((await stored()).at(-1)?.message).toBe(message);
  });

  it('answers bad input with field errors and stores nothing', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const before = (await stored()).length;
    const cases: [unknown, string][] = [
      [{ message: 'hi' }, 'email'],
      [{ email: '', message: 'hi' }, 'email'],
      [{ email: 'not an address', message: 'hi' }, 'email'],
      [{ email: 'a@example.org' }, 'message'],
      [{ email: 'a@example.org', message: '   ' }, 'message'],
      [{ email: 'a@example.org', message: 42 }, 'message'],
      [{ email: ['a@example.org'], message: 'hi' }, 'email'],
      [{ email: 'a@example.org', message: 'x'.repeat(10_001) }, 'message'],
      [{ email: `${'a'.repeat(250)}@example.org`, message: 'hi' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await visitor.post('/api/contact/', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body)).toContain(field);
    }
    const malformed = await visitor.agent
      .post('/api/contact/')
      .set('X-CSRFToken', visitor.csrf)
      .set('Content-Type', 'application/json')
      .send('{"email": "a@example.org", "message":');
    expect(malformed.status).toBe(400);
    const nul = await visitor.post('/api/contact/', { email: 'a@example.org', message: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('refuses a post without the CSRF token', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    const before = (await stored()).length;
    const res = await visitor.agent.post('/api/contact/').send({ email: 'a@example.org', message: 'hi' });
    expect(res.status).toBe(403);
    const bare = await request(app).post('/api/contact/').send({ email: 'a@example.org', message: 'hi' });
    expect(bare.status).toBe(403);
    expect((await stored()).length).toBe(before);
  });

  it('answers only POST', async () => {
    expect((await request(app).get('/api/contact/')).status).toBeGreaterThanOrEqual(400);
    expect((await request(app).get('/api/contact/')).status).toBeLessThan(500);
  });
});

describe('feedback rate limit', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 100, reset: 100, contact: 2 } } });

  it('throttles messages like sign-in, with DRF’s 429, and stores no more', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    for (let i = 0; i < 2; i++) expect((await visitor.post('/api/contact/', { email: 'a@example.org', message: `n${i}` })).status).toBe(201);
    const throttled = await visitor.post('/api/contact/', { email: 'a@example.org', message: 'again' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect((await database.db.selectFrom('contact_messages').selectAll().execute()).length).toBe(2);
  });
});
