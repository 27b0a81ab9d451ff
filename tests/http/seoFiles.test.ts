import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contentChanged } from '../../server/content/changes';
import { seoRoutes } from '../../server/web/seo';
import { writeArticle } from '../support/articles';
import { createPerson } from '../support/people';
import { testDatabase } from '../support/testDatabase';

const ORIGIN = 'https://zine.example';

describe('sitemap files and feeds, built once and kept', async () => {
  const database = await testDatabase();
  const ann = await createPerson(database, 'ann');
  await writeArticle(database, ann.id, 'first-light');
  let now = Date.now();
  const app = express().use(seoRoutes({ db: database.db, publicOrigin: ORIGIN, siteName: 'Zine', now: () => now }));
  const sitemap = async () => (await request(app).get('/sitemap.xml').expect(200)).text;

  it('keeps a file for a minute whatever is written, then until the content-change log moves', async () => {
    expect(await sitemap()).toContain('/article/first-light/');
    await writeArticle(database, ann.id, 'second-wind');
    await contentChanged(database.db, ['article:second-wind'], now);
    expect(await sitemap()).not.toContain('/article/second-wind/');
    now += 61_000;
    expect(await sitemap()).toContain('/article/second-wind/');
    // A row written behind the log's back is not seen: the kept file answers.
    await writeArticle(database, ann.id, 'hidden-step');
    now += 61_000;
    expect(await sitemap()).not.toContain('/article/hidden-step/');
    await contentChanged(database.db, ['article:hidden-step'], now);
    expect(await sitemap()).toContain('/article/hidden-step/');
    const again = await sitemap();
    expect(again).toContain('/article/second-wind/');
    expect(again).toContain('/article/first-light/');
    now += 61_000;
  });

  it('builds again after max-age without any write (a membership lapsing changes no row)', async () => {
    await writeArticle(database, ann.id, 'third-eye');
    expect(await sitemap()).not.toContain('/article/third-eye/');
    now += 301_000;
    expect(await sitemap()).toContain('/article/third-eye/');
  });

  it('sends the kept gzip to a client that takes it, the text to one that does not, and 304 for a tag it holds', async () => {
    const plain = await request(app).get('/@ann/feed.xml').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await request(app)
      .get('/@ann/feed.xml')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    // supertest unzips what it receives: the same text came through gzip.
    expect((zipped.body as Buffer).toString()).toBe(plain.text);
    expect(plain.headers.etag).not.toBe(zipped.headers.etag);
    await request(app).get('/@ann/feed.xml').set('Accept-Encoding', 'identity').set('If-None-Match', String(plain.headers.etag)).expect(304);
  });

  it('keeps nothing for a file that does not exist', async () => {
    await request(app).get('/@nobody/feed.xml').expect(404);
    await createPerson(database, 'nobody');
    await writeArticle(database, (await database.db.selectFrom('users').select('id').where('username', '=', 'nobody').executeTakeFirstOrThrow()).id, 'hello');
    await request(app).get('/@nobody/feed.xml').expect(200);
  });
});
