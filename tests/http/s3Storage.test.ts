import fs from 'node:fs';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { S3Bucket } from '../../server/media/s3Bucket';
import { S3MediaStore } from '../../server/media/s3Store';
import { BucketPdfFiles } from '../../server/pdf/bucketPdfFiles';
import { writeArticle } from '../support/articles';
import { pngOf } from '../support/images';
import { exporterWith, fakeRenderer } from '../support/pdfExporter';
import { createPerson, PASSWORD } from '../support/people';
import { startS3StandIn } from '../support/s3StandIn';
import { Visitor } from '../support/session';
import { sharedDatabase } from '../support/sharedDatabase';
import { testApp } from '../support/testApp';

// Uploads and PDF exports in an S3-compatible bucket (docs/decisions/047).

const ORIGIN = 'http://localhost:3000';
const key = (n: number) => `${n.toString(16).padStart(32, 'b')}_hd.png`;

function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('media and PDFs in an S3 bucket', async () => {
  const s3 = await startS3StandIn();
  afterAll(() => s3.close());
  const [first, second] = await sharedDatabase();
  const bucket = new S3Bucket(s3.config());
  const renderer = fakeRenderer();
  const exporter = exporterWith(first, renderer, undefined, { files: new BucketPdfFiles(bucket) });
  afterAll(() => exporter.stop());
  const one = await testApp({ config: { pdfExport: false }, deps: { database: first, media: new S3MediaStore(bucket, ORIGIN), pdfExporter: exporter } });
  // Another machine: its own client of the same bucket, the same database, no folder in common.
  const two = await testApp({ config: { pdfExport: false }, deps: { database: second, media: S3MediaStore.of(s3.config(), ORIGIN) } });
  const ann = await createPerson(first, 'ann');
  const article = await writeArticle(first, ann.id, 'ann-s3', { visibility: 'private' });
  const asAnn = new Visitor(one.app);
  expect((await asAnn.signIn('ann@example.com', PASSWORD)).status).toBe(200);
  const png = await pngOf(1000, 750);

  const upload = async (app: typeof one.app, name: string) => {
    const ticket = (await asAnn.get(`/api/attachments/qiniu/token/?article_id=${article}`)).body as { token: string; upload_url: string };
    expect(ticket.upload_url).toMatch(/\/media\/upload\/$/);
    return request(app)
      .post('/media/upload/')
      .field('token', ticket.token)
      .field('key', name)
      .attach('file', png, { filename: name, contentType: 'image/png' });
  };

  it('puts an upload through the app into the bucket, and serves it as it is and resized', async () => {
    const res = await upload(one.app, key(1));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ key: key(1), url: `${ORIGIN}/media/${key(1)}`, size: png.length });
    expect(s3.object(key(1))).toMatchObject({ contentType: 'image/png' });
    expect(s3.object(key(1))?.bytes.equals(png)).toBe(true);
    expect(fs.readdirSync(one.mediaDir)).toEqual([]);

    const original = await request(one.app)
      .get(`/media/${key(1)}`)
      .buffer(true)
      .parse(binary);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(original.body as Buffer, png)).toBe(0);
    const again = await request(one.app)
      .get(`/media/${key(1)}`)
      .set('If-None-Match', String(original.headers.etag));
    expect(again.status).toBe(304);

    const resized = await request(one.app)
      .get(`/media/${key(1)}?imageView2/2/w/320/q/89/format/webp`)
      .buffer(true)
      .parse(binary);
    expect(resized.status).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    const sharp = (await import('sharp')).default;
    expect(await sharp(resized.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    // A size the site asks for is kept in the bucket, for every machine; a made-up one goes to the next kept width (docs/decisions/062).
    expect(s3.keys()).toContain(`.cache/${key(1)}/m2-w320-h0-q89.webp`);
    const odd = await request(one.app).get(`/media/${key(1)}?imageView2/2/w/333`);
    expect(odd.status).toBe(301);
    expect(odd.headers.location).toBe(`/media/${key(1)}?imageView2/2/w/480/q/89`);
    expect(s3.keys().filter((k) => k.includes('w333'))).toEqual([]);
    expect((await request(one.app).get(`/media/${key(99)}?imageView2/2/w/333`)).status).toBe(404);
    expect((await request(one.app).get(`/media/${key(1)}?imageView2/9`)).status).toBe(400);
    expect((await request(one.app).get(`/media/${key(99)}`)).status).toBe(404);
    expect((await request(one.app).get(`/media/${key(99)}?imageView2/2/w/320`)).status).toBe(404);
    expect((await request(one.app).get('/media/.cache/x.png')).status).toBe(404);
  });

  it('serves the same image from a second app on the same database and bucket, and takes its uploads', async () => {
    const original = await request(two.app)
      .get(`/media/${key(1)}`)
      .buffer(true)
      .parse(binary);
    expect(original.status).toBe(200);
    expect(Buffer.compare(original.body as Buffer, png)).toBe(0);
    const resized = await request(two.app)
      .get(`/media/${key(1)}?imageView2/2/w/160/q/89`)
      .buffer(true)
      .parse(binary);
    expect(resized.status).toBe(200);
    const sharp = (await import('sharp')).default;
    expect(await sharp(resized.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });
    // A token the first app signed is good on the second: both sign with the bucket's secret.
    const res = await upload(two.app, key(2));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await request(one.app).get(`/media/${key(2)}`)).status).toBe(200);
    // The key is taken in the shared database: the other app refuses it.
    expect((await upload(one.app, key(2))).status).toBe(409);
  });

  it('keeps a finished PDF export in the bucket under pdfs/ and sends it from there', async () => {
    const started = await asAnn.get(`/api/pdfs/article/${article}/`);
    expect(started.status).toBe(200);
    await exporter.idle();
    const done = await asAnn.get(`/api/pdfs/article/${article}/`);
    expect(done.body).toEqual({ status: 'success', url: `/api/pdfs/article/${article}/file/` });
    const pdfs = s3.keys().filter((k) => k.startsWith('pdfs/'));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatch(/^pdfs\/\d+-[0-9a-f]{16}\.pdf$/);
    const file = await asAnn.agent.get(`/api/pdfs/article/${article}/file/`).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect((file.body as Buffer).toString()).toBe('%PDF-1.4 fake');

    // Gone from the bucket: the export reads as failed and is made anew, into the bucket.
    await bucket.remove(pdfs[0] ?? '');
    const asked = await asAnn.get(`/api/pdfs/article/${article}/`);
    expect(asked.body).toEqual({ status: 'pending' });
    await exporter.idle();
    expect((await asAnn.get(`/api/pdfs/article/${article}/`)).body).toMatchObject({ status: 'success' });
    expect(s3.keys().filter((k) => k.startsWith('pdfs/'))).toHaveLength(1);
    expect(renderer.calls).toBe(2);
  });

  it('reports the bucket healthy with the right keys', async () => {
    expect(await new S3MediaStore(bucket, ORIGIN).health()).toEqual({ ok: true, detail: `bucket ${s3.config().bucket} reachable` });
  });

  it('fails plainly with a wrong secret key: the upload is refused and taken back, and health says why', async () => {
    const wrong = S3MediaStore.of(s3.config({ secretAccessKey: 'not-the-secret' }), ORIGIN);
    const health = await wrong.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(/S3 HeadBucket zine-media\/ failed: 403 .*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    await expect(wrong.save(key(7), png, 'image/png')).rejects.toThrow(/S3 PutObject zine-media\/[0-9a-f]+_hd\.png failed: 403 SignatureDoesNotMatch/);

    const refusedBefore = s3.refused;
    const broken = await testApp({ config: { pdfExport: false }, deps: { database: second, media: wrong } });
    const visitor = new Visitor(broken.app);
    expect((await visitor.signIn('ann@example.com', PASSWORD)).status).toBe(200);
    const ticket = (await visitor.get(`/api/attachments/qiniu/token/?article_id=${article}`)).body as { token: string };
    const res = await request(broken.app)
      .post('/media/upload/')
      .field('token', ticket.token)
      .field('key', key(8))
      .attach('file', png, { filename: key(8), contentType: 'image/png' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'the file could not be stored' });
    expect(s3.refused).toBeGreaterThan(refusedBefore);
    expect(s3.keys()).not.toContain(key(8));
    expect(await first.db.selectFrom('media_files').select('key').where('key', '=', key(8)).executeTakeFirst()).toBeUndefined();
  });
});
