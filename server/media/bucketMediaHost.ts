import { createHash } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '../logger';
import { parseImageView, viewName, type ImageView, type OutputFormat } from './imageView';
import { isSafeMediaKey } from './mediaStore';
import { QueueFull, RenderQueue } from './renderQueue';
import { badView, busy, formatOf, IMMUTABLE, type ImageRenderer, keyParam, notFound, rawQuery, redirectToVariant, renderView, unreadable } from './renderView';
import { isVariant } from './variants';
import type { BucketObject, S3Bucket } from './s3Bucket';

/** Kept renderings live under this prefix: no media key starts with a dot, so none can be taken for one. */
const RENDERINGS = '.cache';

export interface BucketMediaHostOptions {
  /** What renders a variant (tests count the renders); sharp by default. */
  render?: ImageRenderer;
  /** The renders of this host, bounded (server/media/renderQueue.ts); two at a time by default. */
  queue?: RenderQueue<Buffer | null>;
}

/**
 * `GET /media/<key>[?imageView2/...]` for media in an S3 bucket: the same answers and rules as
 * the host over DATA_DIR/media (mediaHost.ts), reading from the bucket. The variants the site
 * asks for (docs/decisions/062) are rendered once and kept in the bucket under `.cache/<key>/`,
 * for every machine; any other view is redirected to its variant.
 */
export function bucketMediaHost(bucket: S3Bucket, logger: Logger, options: BucketMediaHostOptions = {}): Router {
  const router = Router();
  const render = options.render ?? renderView;
  const queue = options.queue ?? new RenderQueue<Buffer | null>();

  router.get('/*key', async (req, res) => {
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const key = keyParam(req);
    if (!isSafeMediaKey(key)) return notFound(res);
    const view = parseImageView(rawQuery(req));
    if (view === 'invalid') return (await bucket.exists(key)) ? badView(res) : notFound(res);
    if (view === null) {
      const original = await bucket.get(key);
      return original ? sendObject(req, res, original, formatOf(key)) : notFound(res);
    }
    if (!isVariant(view)) return (await bucket.exists(key)) ? redirectToVariant(req, res, view) : notFound(res);

    const format = view.format ?? formatOf(key);
    const name = `${RENDERINGS}/${key}/${viewName(view, format)}`;
    const kept = await bucket.get(name);
    if (kept) return sendObject(req, res, kept, format);
    const bytes = await queue.run(name, () => renderFromBucket(bucket, key, view, format, name, render, logger)).catch((error: unknown) => error);
    if (bytes instanceof QueueFull) return busy(res, bytes.retryAfterS);
    if (bytes === null) return notFound(res);
    if (!Buffer.isBuffer(bytes)) return unreadable(res);
    res.set('Cache-Control', IMMUTABLE).set('ETag', `"${createHash('sha1').update(name).digest('base64url')}"`);
    res.type(format);
    if (req.fresh) return void res.status(304).end();
    res.send(bytes);
  });
  return router;
}

/**
 * The rendering, kept in the bucket under `keepAs`; null when the original is not in the bucket.
 * The original is read only once the render has its place in the queue: a waiting one holds no image.
 */
async function renderFromBucket(
  bucket: S3Bucket,
  key: string,
  view: ImageView,
  format: OutputFormat,
  keepAs: string,
  render: ImageRenderer,
  logger: Logger,
): Promise<Buffer | null> {
  // Kept by a render that finished after the request looked: never twice.
  const already = await bucket.read(keepAs);
  if (already) return already;
  const original = await bucket.read(key);
  if (!original) return null;
  const bytes = await render(original, view, format);
  await bucket
    .put(keepAs, bytes, `image/${format}`)
    .catch((error: unknown) => logger.warn({ err: error, key: keepAs }, 'could not keep a rendering in the bucket'));
  return bytes;
}

function sendObject(req: Request, res: Response, object: BucketObject, format: OutputFormat): void {
  res.set('Cache-Control', IMMUTABLE);
  if (object.etag) res.set('ETag', object.etag);
  res.type(object.contentType ?? format);
  if (object.size !== undefined) res.set('Content-Length', String(object.size));
  if (req.fresh) {
    object.body.destroy();
    return void res.status(304).end();
  }
  object.body.pipe(res);
  object.body.on('error', () => res.destroy());
}
