import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { inProcessApiApp } from '../../server/api/inProcessApp';
import { resolveAuth } from '../../server/api/auth';
import { createShareCode } from '../../server/articles/shareCodes';
import { inProcessApi, inProcessTransport } from '../../server/api/inProcessTransport';
import type { ApiRequest } from '../../client/api/transport';
import { embeddedApi } from '../../server/api/router';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { createSmsSender } from '../../server/sms/sender';
import { writeArticle } from '../support/articles';
import { PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { bookletFixture } from './booklets.fixture';
import { testApp } from '../support/testApp';

describe('the in-process transport', async () => {
  const { app, database, outboxDir } = await testApp();
  const { ann, ben } = await bookletFixture(database);
  const token = await new UserDirectory(database.db, Date.now).createApiToken(ann.email, 'test');
  const api = embeddedApi({
    db: database.db,
    mailer: createMailer({ outboxDir, from: 'x <x@localhost>' }),
    sms: createSmsSender({ outboxDir }),
    now: Date.now,
    origin: 'http://localhost',
    siteName: 'Zine',
    secure: false,
    limits: { signIn: 10, reset: 10 },
    media: new LocalMediaStore(path.join(outboxDir, 'media'), 'http://localhost'),
  });
  const logger = createLogger({ logLevel: 'silent' });
  const apiApp = inProcessApiApp(api.router, logger);
  const auth = (credentials: Parameters<typeof resolveAuth>[1]) => resolveAuth(database.db, credentials, Date.now());
  const inProcess = inProcessApi(apiApp, api.reads, auth, logger);
  // The same backend with no page reads: every call goes through the router, as over HTTP.
  const throughRouter = inProcessApi(apiApp, [], auth, logger);

  it('calls the API as the reader, with JSON bodies both ways', async () => {
    const asAnn = inProcessTransport(inProcess, { headers: {}, bearerToken: token });
    expect(await asAnn({ method: 'GET', path: '/api/accounts/info/' })).toMatchObject({ status: 200, data: { id: ann.id } });
    const posted = await asAnn({ method: 'POST', path: '/api/accounts/reset_password/', body: { email: 'ann@example.com' } });
    expect(posted).toEqual({ status: 200, data: { detail: 'Password reset e-mail has been sent.' } });
    const anonymous = inProcessTransport(inProcess, { headers: {} });
    expect(await anonymous({ method: 'POST', path: '/api/accounts/reset_password/', body: {} })).toMatchObject({ status: 403 });
  });

  it('answers every page read exactly as the API router does, for every kind of reader', async () => {
    const bensSession = cookieValue(await new Visitor(app).signIn('ben@example.com', PASSWORD), 'sessionid');
    const shareCode = await createShareCode(database.db, await writeArticle(database, ann.id, 'ann-draft', { visibility: 'private' }), Date.now());
    const readers = {
      anonymous: { headers: {} },
      'ann by token': { headers: {}, bearerToken: token },
      'ben by session': { headers: { cookie: `sessionid=${bensSession ?? ''}` } },
      'a made-up session': { headers: { cookie: 'sessionid=nothing-like-it' } },
      'a bad token': { headers: {}, bearerToken: 'not-a-token' },
    };
    const calls: ApiRequest[] = [
      { method: 'GET', path: '/api/accounts/info/' },
      { method: 'GET', path: '/api/article/opening/' },
      { method: 'GET', path: '/api/article/ann-draft/' },
      { method: 'GET', path: '/api/article/ann-draft/', headers: { 'X-Share-Code': shareCode } },
      { method: 'GET', path: '/api/article/hidden-chapter/' },
      { method: 'GET', path: '/api/article/no-such-article/' },
      { method: 'GET', path: '/api/article/..%2F/' },
      { method: 'GET', path: '/api/article/%E0%A4%A/' },
      { method: 'GET', path: '/api/article/opening%00/' },
      { method: 'GET', path: '/api/v2/articles/public/', query: { page_size: 20 } },
      { method: 'GET', path: '/api/v2/articles/public/', query: { page: 2, page_size: 1 } },
      { method: 'GET', path: '/api/v2/articles/public/', query: { page_size: 'many' } },
      { method: 'GET', path: '/api/columns/@ann/' },
      { method: 'GET', path: '/api/columns/@nobody-here/' },
      { method: 'GET', path: '/api/booklets/field-guide/' },
      { method: 'GET', path: '/api/booklets/field-guide/item/paid/' },
      { method: 'GET', path: '/api/booklets/field-guide/item/no-such-item/' },
      { method: 'GET', path: '/api/booklets/no-such-booklet/' },
    ];
    // Page reads never reach the router; what its middleware answers differently does (NUL, a malformed escape).
    const teapot = express.Router().use((_req, res) => void res.status(418).json({}));
    const readsAlone = inProcessApi(inProcessApiApp(teapot, logger), api.reads, auth, logger);
    const routerOnly = new Set(['/api/article/%E0%A4%A/', '/api/article/opening%00/']);
    const statuses = new Set<number>();
    for (const [name, reader] of Object.entries(readers)) {
      for (const call of calls) {
        const [direct, routed] = [await inProcessTransport(inProcess, reader)(call), await inProcessTransport(throughRouter, reader)(call)];
        expect(direct, `${name}: ${call.path} ${JSON.stringify(call.query ?? {})}`).toEqual(routed);
        statuses.add(direct.status);
        const alone = await inProcessTransport(readsAlone, reader)(call);
        expect(alone.status === 418, call.path).toBe(routerOnly.has(call.path));
      }
    }
    // The matrix reaches answers of every kind, not only the happy path.
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404]);
    expect(ben.id).toBeGreaterThan(0);
  });

  it('leaves the real server’s requests intact afterwards', async () => {
    await request(app).get('/').expect(200);
    await request(app).get('/found/').set('Cookie', 'sessionid=nothing').expect(200);
  });

  it("logs one line for a signed-in reader's page, not one more for each of its data calls", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const logged = (await testApp({ deps: { database, logger } })).app;
    await writeArticle(database, ann.id, 'logged-page');
    const reader = new Visitor(logged);
    await reader.signIn('ann@example.com', PASSWORD);
    lines.length = 0;
    expect((await reader.get('/article/logged-page/')).status).toBe(200);
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(['/article/logged-page/']);
  });
});
