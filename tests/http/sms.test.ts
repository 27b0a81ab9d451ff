import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSmsSender } from '../../server/sms/sender';
import { SMS_CODE } from '../../shared/phone';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('the phone-code flow of /h5/sms_code', async () => {
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
  const { app, database, outboxDir } = await testApp({ deps: { now: () => clock } });
  const visitor = new Visitor(app);
  await visitor.open('/h5/sms_code/');
  let address = 1;
  /** A different client address (the app trusts the loopback proxy's X-Forwarded-For). */
  const from = (ip: string) => ({
    send: (phone: unknown) => visitor.agent.post('/api/sms/code/').set('X-CSRFToken', visitor.csrf).set('X-Forwarded-For', ip).send({ phone }),
    verify: (phone: unknown, code: unknown) =>
      visitor.agent.post('/api/sms/verify/').set('X-CSRFToken', visitor.csrf).set('X-Forwarded-For', ip).send({ phone, code }),
  });
  const fresh = () => from(`10.0.0.${address++}`);

  /** The codes the outbox holds for a number, oldest first; the files are removed. */
  function takeCodes(phone: string): string[] {
    const files = fs.readdirSync(outboxDir).filter((f) => f.startsWith('sms-') && f.endsWith('.txt'));
    const codes: { at: number; code: string }[] = [];
    for (const f of files) {
      const file = path.join(outboxDir, f);
      const text = fs.readFileSync(file, 'utf8');
      if (!text.startsWith(`To: ${phone}\n`)) continue;
      codes.push({ at: fs.statSync(file).mtimeMs, code: /\b(\d{6})\b/.exec(text)?.[1] ?? '' });
      fs.rmSync(file);
    }
    return codes.sort((a, b) => a.at - b.at).map((c) => c.code);
  }
  const stored = async (phone: string) => database.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();

  it('sends a 6-digit code to the outbox, keeps only its hash, and verifies it once', async () => {
    const client = fresh();
    const sent = await client.send('138 0013 8000');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ detail: 'The code has been sent.', phone: '+8613800138000' });
    const [code] = takeCodes('+8613800138000');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await stored('+8613800138000');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    expect(rows[0]?.expires_at).toBe(clock + SMS_CODE.ttlMs);

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await client.verify('+8613800138000', wrongCode)).body).toEqual({ detail: 'The code is not correct.' });
    const ok = await client.verify('13800138000', code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verified: true, phone: '+8613800138000' });
    const again = await client.verify('13800138000', code);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/expired or was never sent/);
  });

  it('writes the message in the language asked for', async () => {
    const res = await visitor.agent
      .post('/api/sms/code/')
      .set('X-CSRFToken', visitor.csrf)
      .set('X-Forwarded-For', '10.1.0.1')
      .send({ phone: '+85291234567', lang: 'zh-TW' });
    expect(res.status).toBe(200);
    const file = fs.readdirSync(outboxDir).find((f) => f.startsWith('sms-') && fs.readFileSync(path.join(outboxDir, f), 'utf8').includes('+85291234567'));
    expect(fs.readFileSync(path.join(outboxDir, file ?? ''), 'utf8')).toMatch(/您的驗證碼是 \d{6}，10 分鐘內有效/);
    takeCodes('+85291234567');
  });

  it('refuses bad numbers, bad codes and bad bodies with 400, storing nothing', async () => {
    const client = fresh();
    const before = (await database.db.selectFrom('sms_codes').selectAll().execute()).length;
    for (const phone of ['12345', '23800138000', 'abc', '<script>alert(1)</script>', '+0123456789', '1'.repeat(10_000), 42, null, ['13800138000']]) {
      const res = await client.send(phone);
      expect(res.status, String(phone)).toBe(400);
      expect(res.body).toHaveProperty('phone');
    }
    expect((await client.send(undefined)).body).toEqual({ phone: ['This field is required.'] });
    const malformed = await visitor.agent.post('/api/sms/code/').set('X-CSRFToken', visitor.csrf).set('Content-Type', 'application/json').send('{"phone": ');
    expect(malformed.status).toBe(400);
    const badLang = await visitor.agent.post('/api/sms/code/').set('X-CSRFToken', visitor.csrf).send({ phone: '13800138001', lang: 'fr' });
    expect(badLang.status).toBe(400);
    for (const code of ['12345', '1234567', 'abcdef', 123456, '']) {
      const res = await client.verify('13800138001', code);
      expect(res.status, String(code)).toBe(400);
      expect(res.body).toHaveProperty('code');
    }
    expect((await database.db.selectFrom('sms_codes').selectAll().execute()).length).toBe(before);
  });

  it('needs the CSRF token, as every unsafe call does', async () => {
    const res = await request(app).post('/api/sms/code/').send({ phone: '13800138002' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^CSRF Failed/);
    const verify = await visitor.agent.post('/api/sms/verify/').send({ phone: '13800138002', code: '123456' });
    expect(verify.status).toBe(403);
    expect(await stored('+8613800138002')).toHaveLength(0);
  });

  it('lets a code expire after ten minutes', async () => {
    const client = fresh();
    expect((await client.send('13800138003')).status).toBe(200);
    const [code] = takeCodes('+8613800138003');
    clock += SMS_CODE.ttlMs;
    const late = await client.verify('13800138003', code);
    expect(late.status).toBe(400);
    expect(late.body.detail).toMatch(/expired/);
  });

  it('spends a code after five wrong tries, even for the right code then', async () => {
    const client = fresh();
    expect((await client.send('13800138004')).status).toBe(200);
    const [code] = takeCodes('+8613800138004');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 1; i < SMS_CODE.maxAttempts; i++) {
      expect((await client.verify('13800138004', wrong)).body).toEqual({ detail: 'The code is not correct.' });
    }
    expect((await client.verify('13800138004', wrong)).body).toEqual({ detail: 'Too many wrong codes. Please ask for a new one.' });
    const right = await client.verify('13800138004', code);
    expect(right.status).toBe(429);
    expect(right.body.detail).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('waits a minute between codes, and a new code replaces the old one', async () => {
    const client = fresh();
    expect((await client.send('13800138005')).status).toBe(200);
    clock += 45_000;
    const early = await client.send('13800138005');
    expect(early.status).toBe(429);
    expect(early.body.detail).toBe('Please wait 15 seconds before asking for another code.');
    clock += 15_000;
    expect((await client.send('13800138005')).status).toBe(200);
    const [first, second] = takeCodes('+8613800138005');
    if (first !== second) expect((await client.verify('13800138005', first)).status).toBe(400);
    expect((await client.verify('13800138005', second)).status).toBe(200);
  });

  it('sends at most five codes an hour to a number, whoever asks', async () => {
    for (let i = 0; i < SMS_CODE.perNumber; i++) {
      expect((await fresh().send('13800138006')).status).toBe(200);
      clock += SMS_CODE.resendAfterMs;
    }
    const sixth = await fresh().send('13800138006');
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toBe('Too many codes were sent to this number. Please try again later.');
    clock += SMS_CODE.windowMs;
    expect((await fresh().send('13800138006')).status).toBe(200);
    takeCodes('+8613800138006');
  });

  it('sends at most twenty codes an hour from one address', async () => {
    const client = from('10.9.9.9');
    for (let i = 0; i < SMS_CODE.perAddress; i++) {
      expect((await client.send(`139001390${String(i).padStart(2, '0')}`)).status).toBe(200);
    }
    const over = await client.send('13900139099');
    expect(over.status).toBe(429);
    expect(over.body.detail).toBe('Too many codes were requested from this network. Please try again later.');
    expect(await stored('+8613900139099')).toHaveLength(0);
    expect((await fresh().send('13900139099')).status).toBe(200);
  });
});

describe('a text message that cannot be sent', async () => {
  const { app, database } = await testApp({
    deps: {
      sms: {
        send: async () => {
          throw new Error('provider down');
        },
      },
    },
  });
  const visitor = new Visitor(app);
  await visitor.open();

  it('answers 503, keeps no code and lets the reader try again at once', async () => {
    const res = await visitor.post('/api/sms/code/', { phone: '13800138099' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: 'The text message could not be sent. Please try again later.' });
    expect(await database.db.selectFrom('sms_codes').selectAll().execute()).toHaveLength(0);
    expect((await visitor.post('/api/sms/code/', { phone: '13800138099' })).status).toBe(503);
  });
});

describe('the SMS webhook', () => {
  it('posts {to, text} as JSON, and fails on an answer other than 2xx', async () => {
    const received: unknown[] = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ type: req.headers['content-type'], body: JSON.parse(body) });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sender = createSmsSender({ webhookUrl: `http://127.0.0.1:${port}/sms`, outboxDir: '/nonexistent' });
    await sender.send({ to: '+8613800138000', text: 'code 123456' });
    expect(received).toEqual([{ type: 'application/json', body: { to: '+8613800138000', text: 'code 123456' } }]);
    status = 500;
    await expect(sender.send({ to: '+8613800138000', text: 'again' })).rejects.toThrow('SMS webhook answered 500');
    server.close();
  });
});

describe('the chat-app share adapter', async () => {
  const { app } = await testApp();
  const visitor = new Visitor(app);
  await visitor.open();

  it('answers a no-op without WeChat credentials', async () => {
    const res = await visitor.post('/api/wechat/jsapi/url/', { url: 'http://localhost/article/demo/' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: false, url: 'http://localhost/article/demo/' });
  });

  it('refuses what is not a web address, and calls without CSRF', async () => {
    for (const url of ['javascript:alert(1)', 'not a url', '', 42, `http://x/${'a'.repeat(3000)}`]) {
      expect((await visitor.post('/api/wechat/jsapi/url/', { url })).status, String(url)).toBe(400);
    }
    expect((await visitor.post('/api/wechat/jsapi/url/', {})).body).toEqual({ url: ['This field is required.'] });
    expect((await request(app).post('/api/wechat/jsapi/url/').send({ url: 'http://localhost/' })).status).toBe(403);
  });
});
