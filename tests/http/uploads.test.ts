import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../../server/accounts/users';
import { qetag } from '../../server/media/qetag';
import { QiniuMediaStore } from '../../server/media/qiniuStore';
import { trafficMonth, TRAFFIC_LIMITS } from '../../shared/traffic';
import { writeArticle } from '../support/articles';
import { pixelBomb, pngOf } from '../support/images';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const MB = 1024 * 1024;
const TOKEN_SHAPE = /^zine:[\w=-]+:[\w=-]+$/;

describe('uploads: the token, the form upload and the traffic meter', async () => {
  let clock = Date.now();
  const { app, database, mediaDir } = await testApp({ deps: { now: () => clock } });
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const annArticle = await writeArticle(database, ann.id, 'ann-draft', { visibility: 'private' });
  const benArticle = await writeArticle(database, ben.id, 'ben-draft');
  const signedIn = async (email: string) => {
    const visitor = new Visitor(app);
    expect((await visitor.signIn(email, PASSWORD)).status).toBe(200);
    return visitor;
  };
  const asAnn = await signedIn('ann@example.com');
  const asBen = await signedIn('ben@example.com');
  const tokenFor = async (articleId: number) => {
    const res = await asAnn.get(`/api/attachments/qiniu/token/?article_id=${articleId}`);
    expect(res.status).toBe(200);
    return res.body as { token: string; upload_url: string; domain: string };
  };
  const upload = (fields: { token: string; key: string; file?: Buffer; filename?: string }) => {
    const req = request(app).post('/media/upload/').field('token', fields.token).field('key', fields.key).field('x:article_id', String(annArticle));
    return fields.file ? req.attach('file', fields.file, { filename: fields.filename ?? fields.key, contentType: 'image/png' }) : req;
  };
  const used = async (userId: number) =>
    Number(
      (await db.selectFrom('media_traffic').select('bytes_used').where('user_id', '=', userId).where('month', '=', trafficMonth(clock)).executeTakeFirst())
        ?.bytes_used ?? 0,
    );
  const setUsed = async (userId: number, bytes: number) => {
    await db.deleteFrom('media_traffic').where('user_id', '=', userId).execute();
    await db
      .insertInto('media_traffic')
      .values({ user_id: userId, month: trafficMonth(clock), bytes_used: bytes })
      .execute();
  };
  const files = () => db.selectFrom('media_files').selectAll().orderBy('id').execute();
  const key = (n: number, extension = '.png') => `${n.toString(16).padStart(32, 'a')}_hd${extension}`;

  describe('GET /api/attachments/qiniu/token/', () => {
    it('gives the author a signed token, the upload address and the media domain', async () => {
      const ticket = await tokenFor(annArticle);
      expect(ticket.token).toMatch(TOKEN_SHAPE);
      expect(ticket.upload_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/upload\/$/);
      expect(ticket.domain).toBe('http://localhost:3000');
      const policy = JSON.parse(Buffer.from(ticket.token.split(':')[2] ?? '', 'base64url').toString()) as Record<string, unknown>;
      expect(policy).toMatchObject({ endUser: String(ann.id), articleId: annArticle, fsizeLimit: 20 * MB, mimeLimit: 'image/*' });
      expect(policy.deadline).toBe(Math.floor((clock + 3600_000) / 1000));
    });

    it('answers 404 for another author’s article or one that does not exist, 400 for a bad id', async () => {
      expect((await asAnn.get(`/api/attachments/qiniu/token/?article_id=${benArticle}`)).body).toEqual({ detail: 'Not found.' });
      expect((await asAnn.get(`/api/attachments/qiniu/token/?article_id=${benArticle}`)).status).toBe(404);
      expect((await asAnn.get('/api/attachments/qiniu/token/?article_id=999999')).status).toBe(404);
      for (const bad of ['', 'abc', '-1', '1.5', '99999999999999']) {
        const res = await asAnn.get(`/api/attachments/qiniu/token/?article_id=${bad}`);
        expect(res.status).toBe(400);
        expect(res.body).toHaveProperty('article_id');
      }
      expect((await asAnn.get('/api/attachments/qiniu/token/')).status).toBe(400);
    });

    it('refuses a reader who is not signed in', async () => {
      const res = await request(app).get(`/api/attachments/qiniu/token/?article_id=${annArticle}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    });

    it('answers 412 traffic_lack once the month’s traffic is used up, and caps a file at what is left', async () => {
      await setUsed(ann.id, TRAFFIC_LIMITS.user);
      const res = await asAnn.get(`/api/attachments/qiniu/token/?article_id=${annArticle}`);
      expect(res.status).toBe(412);
      expect(res.body).toEqual({ detail: 'traffic_lack' });
      await setUsed(ann.id, TRAFFIC_LIMITS.user - 1000);
      const { token } = await tokenFor(annArticle);
      expect(JSON.parse(Buffer.from(token.split(':')[2] ?? '', 'base64url').toString())).toMatchObject({ fsizeLimit: 1000 });
      await setUsed(ann.id, 0);
    });
  });

  describe('POST /media/upload/', () => {
    it('stores an image: the file on disk, its row, the month’s traffic grown by its size', async () => {
      const png = await pngOf(40, 30);
      const before = await used(ann.id);
      const { token, domain } = await tokenFor(annArticle);
      // No session and no CSRF cookie: the token is the credential.
      const res = await upload({ token, key: key(1), file: png });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ key: key(1), hash: qetag(png), url: `${domain}/media/${key(1)}`, size: png.length });
      expect(fs.readFileSync(path.join(mediaDir, key(1)))).toEqual(png);
      expect((await files()).at(-1)).toMatchObject({ key: key(1), user_id: ann.id, article_id: annArticle, bytes: png.length, content_type: 'image/png' });
      expect(await used(ann.id)).toBe(before + png.length);
      const served = await request(app).get(`/media/${key(1)}`);
      expect(served.status).toBe(200);
      expect(served.body).toEqual(png);
    });

    it('takes every image type by its content, and shows the new traffic in the meter', async () => {
      const png = await pngOf(20, 20);
      const { token } = await tokenFor(annArticle);
      const jpeg = await (await import('sharp')).default(png).jpeg().toBuffer();
      expect((await upload({ token, key: key(2, '.jpg'), file: jpeg })).status).toBe(200);
      expect((await files()).at(-1)).toMatchObject({ key: key(2, '.jpg'), content_type: 'image/jpeg' });
      const meter = await asAnn.get('/api/traffic/current/');
      expect(meter.body.bytes_used).toBe(await used(ann.id));
    });

    it('refuses a bad, altered or expired token with 401 and stores nothing', async () => {
      const png = await pngOf(10, 10);
      const count = (await files()).length;
      const { token } = await tokenFor(annArticle);
      const [ak, sig, policy] = token.split(':');
      const richer = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(policy ?? '', 'base64url').toString()), fsizeLimit: 10 ** 12 })).toString(
        'base64url',
      );
      for (const bad of ['', 'nonsense', `${ak}:${sig}:${richer}`, `other:${sig}:${policy}`, `${ak}:${'A'.repeat(28)}:${policy}`]) {
        const res = await upload({ token: bad, key: key(3), file: png });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'bad token' });
      }
      clock += 61 * 60_000;
      const res = await upload({ token, key: key(3), file: png });
      clock -= 61 * 60_000;
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'expired token' });
      expect((await files()).length).toBe(count);
      expect(fs.existsSync(path.join(mediaDir, key(3)))).toBe(false);
    });

    it('answers 415 for what is not an image, even named .png', async () => {
      const { token } = await tokenFor(annArticle);
      const before = await used(ann.id);
      for (const [file, name] of [
        [Buffer.from('just some text, not a picture\n'), key(4)],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), key(5)],
      ] as const) {
        const res = await upload({ token, key: name, file });
        expect(res.status).toBe(415);
        expect(res.body).toEqual({ error: 'not an image: jpeg, png, gif or webp only' });
        expect(fs.existsSync(path.join(mediaDir, name))).toBe(false);
      }
      expect(await used(ann.id)).toBe(before);
    });

    it('answers 413 for an image over the pixel limit, stores nothing and counts no traffic', async () => {
      const { token } = await tokenFor(annArticle);
      const before = await used(ann.id);
      const count = (await files()).length;
      const res = await upload({ token, key: key(40), file: await pixelBomb() });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'The image is too large: at most 25 megapixels.' });
      expect(fs.existsSync(path.join(mediaDir, key(40)))).toBe(false);
      expect((await files()).length).toBe(count);
      expect(await used(ann.id)).toBe(before);
    });

    it('answers 413 for a file over the per-file cap or the traffic the token allows', async () => {
      const { token } = await tokenFor(annArticle);
      const huge = Buffer.concat([await pngOf(10, 10), Buffer.alloc(20 * MB)]);
      const res = await upload({ token, key: key(6), file: huge });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'file too large' });
      await setUsed(ann.id, TRAFFIC_LIMITS.user - 100);
      const { token: small } = await tokenFor(annArticle);
      const tooBig = await upload({ token: small, key: key(7), file: await pngOf(50, 50) });
      expect(tooBig.status).toBe(413);
      expect(await used(ann.id)).toBe(TRAFFIC_LIMITS.user - 100);
      await setUsed(ann.id, 0);
    });

    it('answers 412 traffic_lack when the month’s traffic ran out after the token was given', async () => {
      const { token } = await tokenFor(annArticle);
      await setUsed(ann.id, TRAFFIC_LIMITS.user - 10);
      const count = (await files()).length;
      const res = await upload({ token, key: key(8), file: await pngOf(30, 30) });
      expect(res.status).toBe(412);
      expect(res.body).toEqual({ error: 'traffic_lack' });
      expect((await files()).length).toBe(count);
      expect(await used(ann.id)).toBe(TRAFFIC_LIMITS.user - 10);
      expect(fs.existsSync(path.join(mediaDir, key(8)))).toBe(false);
      await setUsed(ann.id, 0);
    });

    it('lets only one of two uploads at once take the last bytes of the month, and only one take a key', async () => {
      const { token } = await tokenFor(annArticle);
      const small = await pngOf(4, 4);
      await setUsed(ann.id, TRAFFIC_LIMITS.user - small.length - 10);
      const both = await Promise.all([upload({ token, key: key(20), file: small }), upload({ token, key: key(21), file: small })]);
      expect(both.map((res) => res.status).sort()).toEqual([200, 412]);
      expect(await used(ann.id)).toBe(TRAFFIC_LIMITS.user - 10);
      await setUsed(ann.id, 0);
      const same = await Promise.all([upload({ token, key: key(22), file: small }), upload({ token, key: key(22), file: small })]);
      expect(same.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(await used(ann.id)).toBe(small.length);
      expect((await files()).filter((row) => row.key === key(22))).toHaveLength(1);
      await setUsed(ann.id, 0);
    });

    it('refuses keys that are not random hex + _hd + an image extension, path tricks above all', async () => {
      const { token } = await tokenFor(annArticle);
      const png = await pngOf(10, 10);
      for (const bad of [
        '../../etc/passwd',
        `../${key(9)}`,
        `sub/${key(9)}`,
        `${key(9)}/..`,
        'ABC_hd.png',
        'abcdef12_hd.svg',
        'abcdef12.png',
        'abcdef12_hd.png.html',
        '.upload-key',
        '',
      ]) {
        const res = await upload({ token, key: bad, file: png });
        expect(res.status, bad).toBe(400);
        expect(res.body.error).toMatch(/^invalid key/);
      }
      expect(fs.readdirSync(path.dirname(mediaDir)).filter((f) => f === 'etc')).toEqual([]);
    });

    it('never overwrites a stored file: the same key again is 409', async () => {
      const { token } = await tokenFor(annArticle);
      const first = await pngOf(12, 12);
      expect((await upload({ token, key: key(10), file: first })).status).toBe(200);
      const res = await upload({ token, key: key(10), file: await pngOf(13, 13) });
      expect(res.status).toBe(409);
      expect(fs.readFileSync(path.join(mediaDir, key(10)))).toEqual(first);
    });

    it('answers 400 without a file, and 401 for a form with no token at all', async () => {
      const { token } = await tokenFor(annArticle);
      expect((await upload({ token, key: key(11) })).status).toBe(400);
      expect(
        (
          await request(app)
            .post('/media/upload/')
            .send({ key: key(11) })
        ).status,
      ).toBe(401);
    });

    it('answers 400 for a broken or overfull form, never a 500', async () => {
      const broken = await request(app)
        .post('/media/upload/')
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc');
      expect(broken.status).toBe(400);
      expect(broken.body.error).toMatch(/^bad form/);
      const { token } = await tokenFor(annArticle);
      const png = await pngOf(10, 10);
      const twoFiles = await upload({ token, key: key(12), file: png }).attach('file', png, 'second.png');
      expect(twoFiles.status).toBe(400);
      const longField = await request(app).post('/media/upload/').field('token', 'x'.repeat(10_000)).field('key', key(12));
      expect(longField.status).toBe(400);
      expect(fs.existsSync(path.join(mediaDir, key(12)))).toBe(false);
    });
  });

  describe('GET /api/traffic/current/', () => {
    it('shows the calendar month, the tier’s limit and what was used', async () => {
      await setUsed(ann.id, 12_345);
      const res = await asAnn.get('/api/traffic/current/');
      expect(res.status).toBe(200);
      const d = new Date(clock);
      expect(res.body).toEqual({
        begin: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
        bytes_limit: 100 * MB,
        bytes_used: 12_345,
      });
      expect((await asBen.get('/api/traffic/current/')).body).toMatchObject({ bytes_limit: 100 * MB, bytes_used: 0 });
    });

    it('follows the tier the user acts with now: paid vip 5 GB, lapsed back to a user’s', async () => {
      const users = new UserDirectory(db, () => clock);
      await users.setMembership(ben.email, 'vip', clock + 86_400_000);
      expect((await asBen.get('/api/traffic/current/')).body.bytes_limit).toBe(5120 * MB);
      await users.setMembership(ben.email, 'vip', clock - 1);
      expect((await asBen.get('/api/traffic/current/')).body.bytes_limit).toBe(100 * MB);
    });

    it('starts from zero in a new month', async () => {
      await db.deleteFrom('media_traffic').where('user_id', '=', ann.id).execute();
      await db
        .insertInto('media_traffic')
        .values({ user_id: ann.id, month: trafficMonth(clock - 32 * 86_400_000), bytes_used: 5000 })
        .execute();
      expect((await asAnn.get('/api/traffic/current/')).body.bytes_used).toBe(0);
    });

    it('refuses a reader who is not signed in', async () => {
      expect((await request(app).get('/api/traffic/current/')).status).toBe(403);
    });
  });
});

describe('uploads with Qiniu credentials', async () => {
  const qiniu = {
    accessKey: 'test-access-key-0001',
    secretKey: 'test-secret-key-0001',
    bucket: 'zine-media',
    domain: 'https://media.zine.example',
    uploadUrl: 'https://upload.qiniup.com',
  };
  const { app, database } = await testApp({
    config: { qiniu, publicOrigin: 'https://zine.example' },
    deps: { media: new QiniuMediaStore(qiniu, 'https://zine.example') },
  });
  const { db } = database;
  const cy = await createPerson(database, 'cy');
  const article = await writeArticle(database, cy.id, 'cy-draft');
  const visitor = new Visitor(app);
  await visitor.signIn('cy@example.com', PASSWORD);
  const path = '/api/attachments/qiniu/callback/';
  const sign = (data: string, secret = qiniu.secretKey) =>
    `QBox ${qiniu.accessKey}:${createHmac('sha1', secret).update(data).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')}`;
  const callback = (body: string, authorization = sign(`${path}\n${body}`)) =>
    request(app).post(path).set('Content-Type', 'application/x-www-form-urlencoded').set('Authorization', authorization).send(body);
  const body = (key: string, fsize: number) => `key=${key}&hash=FhashOfTheFile&fsize=${fsize}&mimeType=image%2Fpng&user=${cy.id}&article=${article}`;
  const month = () => trafficMonth(Date.now());

  it('gives the editor a real Qiniu token that calls this site back, Qiniu’s upload address and the bucket’s domain', async () => {
    const res = await visitor.get(`/api/attachments/qiniu/token/?article_id=${article}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ upload_url: 'https://upload.qiniup.com', domain: 'https://media.zine.example' });
    const [ak, , encoded] = String(res.body.token).split(':');
    expect(ak).toBe(qiniu.accessKey);
    expect(JSON.parse(Buffer.from(encoded ?? '', 'base64url').toString())).toMatchObject({
      scope: 'zine-media',
      insertOnly: 1,
      callbackUrl: 'https://zine.example/api/attachments/qiniu/callback/',
      fsizeLimit: 20 * MB,
    });
  });

  it('lets pages load images from the bucket and post to Qiniu (CSP)', async () => {
    const csp = String((await request(app).get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/media\.zine\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/upload\.qiniup\.com/);
  });

  it('counts a signed callback: the file’s row and its traffic, answering what the editor needs', async () => {
    const key = `${'ab'.repeat(16)}_hd.png`;
    const res = await callback(body(key, 4321));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key, hash: 'FhashOfTheFile', url: `https://media.zine.example/${key}`, size: 4321 });
    expect(await db.selectFrom('media_files').selectAll().where('key', '=', key).executeTakeFirst()).toMatchObject({
      user_id: cy.id,
      article_id: article,
      bytes: 4321,
    });
    const traffic = await db.selectFrom('media_traffic').select('bytes_used').where('user_id', '=', cy.id).where('month', '=', month()).executeTakeFirst();
    expect(Number(traffic?.bytes_used)).toBe(4321);
    expect((await visitor.get('/api/traffic/current/')).body.bytes_used).toBe(4321);
  });

  it('refuses an unsigned or forged callback and counts nothing', async () => {
    const key = `${'cd'.repeat(16)}_hd.png`;
    for (const authorization of ['', sign(`${path}\n${body(key, 1)}`, 'another-secret-key-01'), sign(`${path}\n${body(key, 1)}`)]) {
      const res = await callback(body(key, 999), authorization);
      expect(res.status).toBe(401);
    }
    expect(await db.selectFrom('media_files').select('id').where('key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it('answers 412 traffic_lack when the upload passes the month’s limit, 400 for a bad body', async () => {
    const key = `${'ef'.repeat(16)}_hd.png`;
    expect((await callback(body(key, TRAFFIC_LIMITS.user))).status).toBe(412);
    expect(await db.selectFrom('media_files').select('id').where('key', '=', key).executeTakeFirst()).toBeUndefined();
    expect((await callback(`key=../evil.png&fsize=1&mimeType=image%2Fpng&user=${cy.id}&article=${article}&hash=x`)).status).toBe(400);
    expect((await callback(body(key, 10).replace('image%2Fpng', 'image%2Fsvg%2Bxml'))).status).toBe(400);
  });

  it('has no local upload endpoint or media host', async () => {
    expect((await request(app).post('/media/upload/').field('token', 'x')).status).not.toBe(200);
    expect((await request(app).get(`/media/${'ab'.repeat(16)}_hd.png`)).status).toBe(404);
  });
});
