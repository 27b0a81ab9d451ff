import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mediaImageUrl } from '../../shared/mediaImage';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { pixelBomb, pngOf } from '../support/images';
import { jsonBlock, testApp } from '../support/testApp';

const KEY = `${'c0ffee'.repeat(5)}ab_hd.png`;
const GIF_KEY = `${'d0'.repeat(16)}_hd.gif`;

describe('the media host, GET /media/<key>', async () => {
  const { app, mediaDir } = await testApp();
  const store = new LocalMediaStore(mediaDir, 'http://localhost:3000');
  const original = await pngOf(800, 600);
  await store.save(KEY, original, 'image/png');
  await store.save(
    GIF_KEY,
    await sharp(await pngOf(64, 48))
      .gif()
      .toBuffer(),
    'image/gif',
  );
  const binary = (res: request.Response) => res.body as Buffer;
  // superagent buffers image/* bodies into a Buffer by itself.
  const get = (url: string) => request(app).get(url);

  it('serves the original as stored, cached for a year, with an ETag that answers 304', async () => {
    const res = await get(`/media/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(binary(res).equals(original)).toBe(true);
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    expect((await request(app).get(`/media/${KEY}`).set('If-None-Match', String(etag))).status).toBe(304);
  });

  it('resizes to the width the site asks for, as a smaller webp, and keeps that rendering on disk', async () => {
    const url = mediaImageUrl(`http://localhost:3000/media/${KEY}`, { width: 300, webp: true, hosts: ['localhost'] });
    expect(url).toBe(`http://localhost:3000/media/${KEY}?imageView2/2/w/320/q/89/format/webp`);
    const res = await get(new URL(url).pathname + new URL(url).search);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(binary(res)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(binary(res).length).toBeLessThan(original.length);
    const cached = fs.readdirSync(path.join(mediaDir, '.cache', KEY));
    expect(cached).toEqual(['m2-w320-h0-q89.webp']);
    const again = await get(new URL(url).pathname + new URL(url).search);
    expect(binary(again).equals(binary(res))).toBe(true);
    expect(
      (
        await request(app)
          .get(new URL(url).pathname + new URL(url).search)
          .set('If-None-Match', String(res.headers.etag))
      ).status,
    ).toBe(304);
  });

  it('sends any other view to the kept variant of the next width up (docs/decisions/062), and never enlarges', async () => {
    const odd = await get(`/media/${KEY}?imageView2/2/w/100/q/70`);
    expect(odd.status).toBe(301);
    expect(odd.headers.location).toBe(`/media/${KEY}?imageView2/2/w/160/q/89`);
    expect(odd.headers['cache-control']).toBe('public, max-age=86400');
    expect(fs.readdirSync(path.join(mediaDir, '.cache', KEY))).not.toContain('m2-w100-h0-q70.png');
    const followed = await get(String(odd.headers.location));
    expect(await sharp(binary(followed)).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });
    // A crop, a height, another format and a query of its own: the width decides, webp stays, the rest of the query is kept.
    expect((await get(`/media/${KEY}?v=2&imageView2/1/w/300/h/300/format/webp`)).headers.location).toBe(
      `/media/${KEY}?v=2&imageView2/2/w/320/q/89/format/webp`,
    );
    expect((await get(`/media/${KEY}?imageView2/2/w/1920/format/jpg`)).headers.location).toBe(`/media/${KEY}?imageView2/2/w/1920/q/89`);
    expect((await get(`/media/${KEY}?imageView2/2/h/300`)).headers.location).toBe(`/media/${KEY}?imageView2/2/w/1920/q/89`);
    expect((await get(`/media/${KEY}?imageView2/2/w/3000/q/89`)).headers.location).toBe(`/media/${KEY}?imageView2/2/w/1920/q/89`);
    const big = await get(`/media/${KEY}?imageView2/2/w/1920/q/89`);
    expect(await sharp(binary(big)).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    const gif = await get(`/media/${GIF_KEY}?imageView2/2/w/160/q/89`);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(await sharp(binary(gif)).metadata()).toMatchObject({ format: 'gif', width: 64 });
  });

  it('answers 400 for a malformed or oversized view', async () => {
    for (const view of [
      'imageView2/9/w/100',
      'imageView2/2/w/0',
      'imageView2/2/w/99999',
      'imageView2/2/q/101',
      'imageView2/2/w/abc',
      'imageView2/2/format/svg',
      'imageView2/1/w/100',
      'imageView2/2/w',
    ]) {
      expect((await request(app).get(`/media/${KEY}?${view}`)).status, view).toBe(400);
    }
  });

  it('serves files the site keeps in a folder (booklet covers)', async () => {
    const cover = await pngOf(60, 30);
    const url = await store.save(`booklets/${'e1'.repeat(16)}_hd.png`, cover, 'image/png');
    expect(url).toBe(`http://localhost:3000/media/booklets/${'e1'.repeat(16)}_hd.png`);
    const res = await get(new URL(url).pathname);
    expect(res.status).toBe(200);
    expect(binary(res).equals(cover)).toBe(true);
  });

  it('serves a stored image over the pixel limit as it is, but never decodes it to resize', async () => {
    const key = `${'b0mb'.repeat(8)}_hd.png`;
    const bomb = await pixelBomb();
    await store.save(key, bomb, 'image/png');
    const started = Date.now();
    const resized = await get(`/media/${key}?imageView2/2/w/320/q/89/format/webp`);
    expect(resized.status).toBe(415);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fs.existsSync(path.join(mediaDir, '.cache', key))).toBe(false);
    expect(binary(await get(`/media/${key}`).expect(200)).equals(bomb)).toBe(true);
  });

  it('answers 404 for a missing image', async () => {
    const res = await request(app).get(`/media/${'0'.repeat(32)}_hd.png`);
    expect(res.status).toBe(404);
    expect((await request(app).get(`/media/${'0'.repeat(32)}_hd.png?imageView2/2/w/160`)).status).toBe(404);
  });

  it('answers 404 to every path trick, never a file outside the media', async () => {
    fs.writeFileSync(path.join(path.dirname(mediaDir), 'outside_hd.png'), original);
    const tricks = [
      '/media/..%2foutside_hd.png',
      '/media/%2e%2e/outside_hd.png',
      '/media/%2e%2e%2foutside_hd.png',
      '/media/..%5coutside_hd.png',
      '/media/.upload-key',
      '/media/.cache/' + KEY + '/m2-w320-h0-q89.webp',
      `/media/${KEY}%00.png`,
      '/media/',
      '/media/%2fetc%2fpasswd',
    ];
    for (const trick of tricks) {
      const res = await request(app).get(trick);
      expect([404, 400], trick).toContain(res.status);
      expect(String(res.headers['content-type'])).not.toMatch(/^image\//);
    }
  });

  it('lets pages show images from the media origin (CSP img-src) and tells the client its host', async () => {
    const res = await request(app).get('/');
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src [^;]*http:\/\/localhost:3000/);
    expect((jsonBlock(res.text, '__STATE__') as { env: { mediaHost?: string } }).env.mediaHost).toBe('localhost');
  });
});
