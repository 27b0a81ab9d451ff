import path from 'node:path';
import request from 'supertest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/api/accounts/users';
import { inProcessApiApp } from '../../server/api/inProcessApp';
import { inProcessTransport } from '../../server/api/inProcessTransport';
import { embeddedApi } from '../../server/api/router';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { createSmsSender } from '../../server/sms/sender';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('the in-process transport', async () => {
  const { app, database, outboxDir } = await testApp();
  const ann = await createPerson(database, 'ann');
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
  const apiApp = inProcessApiApp(api, createLogger({ logLevel: 'silent' }));

  it('calls the API as the reader, with JSON bodies both ways', async () => {
    const asAnn = inProcessTransport(apiApp, { headers: {}, bearerToken: token });
    expect(await asAnn({ method: 'GET', path: '/api/accounts/info/' })).toMatchObject({ status: 200, data: { id: ann.id } });
    const posted = await asAnn({ method: 'POST', path: '/api/accounts/reset_password/', body: { email: 'ann@example.com' } });
    expect(posted).toEqual({ status: 200, data: { detail: 'Password reset e-mail has been sent.' } });
    const anonymous = inProcessTransport(apiApp, { headers: {} });
    expect(await anonymous({ method: 'POST', path: '/api/accounts/reset_password/', body: {} })).toMatchObject({ status: 403 });
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
