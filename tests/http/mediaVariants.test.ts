import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIANT_WIDTHS } from '../../shared/mediaImage';
import { bucketMediaHost } from '../../server/web/media/bucketHost';
import { createLogger } from '../../server/logger';
import { mediaHost } from '../../server/web/media/localHost';
import { LocalMediaStore } from '../../server/media/mediaStore';
import { RenderQueue } from '../../server/media/renderQueue';
import { renderView, type ImageRenderer } from '../../server/media/renderView';
import { S3Bucket } from '../../server/media/s3Bucket';
import { pngOf } from '../support/images';
import { startS3StandIn } from '../support/s3StandIn';

const KEY = `${'5a'.repeat(16)}_hd.png`;

/** The disk media host alone, with a renderer that counts (and may hold) its renders. */
async function host(render: ImageRenderer, queue?: RenderQueue<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-variants-'));
  const store = new LocalMediaStore(dir, 'http://localhost:3000');
  await store.save(KEY, await pngOf(640, 480), 'image/png');
  const app = express();
  app.use('/media', mediaHost(store, { render, queue }));
  return { app, dir };
}

const variant = (width: number, webp = false) => `/media/${KEY}?imageView2/2/w/${width}/q/89${webp ? '/format/webp' : ''}`;

describe('image variants: only the site’s widths, each rendered once, a few at a time (docs/decisions/062)', () => {
  it('answers an odd width with the next kept width, rendering nothing for it', async () => {
    let renders = 0;
    const { app } = await host(async (...args) => {
      renders++;
      return renderView(...args);
    });
    for (const [asked, kept] of [
      [1, 160],
      [333, 480],
      [641, 800],
      [1921, 1920],
    ] as const) {
      const res = await request(app).get(`/media/${KEY}?imageView2/2/w/${asked}/q/89`);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(variant(kept));
      expect(VARIANT_WIDTHS).toContain(kept);
    }
    expect(renders).toBe(0);
  });

  it('renders a variant once for every reader asking at the same time, and serves the kept file afterwards', async () => {
    let renders = 0;
    const { app, dir } = await host(async (...args) => {
      renders++;
      return renderView(...args);
    });
    const first = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(app)
          .get(variant(320, true))
          .then((res) => res),
      ),
    );
    expect(first.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(renders).toBe(1);
    const again = await request(app).get(variant(320, true));
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('image/webp');
    expect((again.body as Buffer).equals(first[0]?.body as Buffer)).toBe(true);
    expect(renders).toBe(1);
    expect(fs.readdirSync(path.join(dir, '.cache', KEY))).toEqual(['m2-w320-h0-q89.webp']);
    // The odd width that goes there renders nothing either.
    expect((await request(app).get(`/media/${KEY}?imageView2/2/w/300/format/webp`).redirects(1)).status).toBe(200);
    expect(renders).toBe(1);
  });

  it('renders two at a time; a full line answers 503 with Retry-After, the others are served once a place frees', async () => {
    let running = 0;
    let most = 0;
    let renders = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const queue = new RenderQueue<void>({ concurrency: 2, maxWaiting: 2, retryAfterS: 5 });
    const { app } = await host(async (...args) => {
      renders++;
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return renderView(...args);
    }, queue);
    const asked = [160, 320, 480, 640].map((width) =>
      request(app)
        .get(variant(width))
        .then((res) => res),
    );
    await expect.poll(() => queue.load, { timeout: 2000 }).toEqual({ running: 2, waiting: 2 });
    const refused = await request(app).get(variant(800));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['cache-control']).toBe('no-store');
    open();
    expect((await Promise.all(asked)).map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(most).toBe(2);
    expect(renders).toBe(4);
    expect((await request(app).get(variant(800))).status).toBe(200);
  });
});

describe('image variants in an S3 bucket (docs/decisions/047, 062)', async () => {
  const s3 = await startS3StandIn();
  afterAll(() => s3.close());
  const bucket = new S3Bucket(s3.config());
  await bucket.put(KEY, await pngOf(640, 480), 'image/png');
  let renders = 0;
  const app = express();
  app.use(
    '/media',
    bucketMediaHost(bucket, createLogger({ logLevel: 'silent' }), {
      render: async (...args) => {
        renders++;
        return renderView(...args);
      },
    }),
  );

  it('renders a variant once for readers asking together, keeps it in the bucket and serves it from there; odd widths redirect', async () => {
    const first = await Promise.all(
      Array.from({ length: 4 }, () =>
        request(app)
          .get(variant(480, true))
          .then((res) => res),
      ),
    );
    expect(first.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(renders).toBe(1);
    expect(s3.keys()).toContain(`.cache/${KEY}/m2-w480-h0-q89.webp`);
    expect((await request(app).get(variant(480, true))).status).toBe(200);
    expect(renders).toBe(1);
    const odd = await request(app).get(`/media/${KEY}?imageView2/2/w/470/format/webp`);
    expect(odd.status).toBe(301);
    expect(odd.headers.location).toBe(variant(480, true));
    expect(renders).toBe(1);
  });
});
