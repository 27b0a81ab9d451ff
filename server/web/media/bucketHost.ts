import { createHash } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '../../logger';
import { bucketVariantName, renderFromBucket } from '../../media/bucketVariants';
import { parseImageView, type OutputFormat } from '../../media/imageView';
import { isSafeMediaKey } from '../../media/mediaStore';
import { QueueFull, RenderQueue } from '../../media/renderQueue';
import { formatOf, renderView, type ImageRenderer } from '../../media/renderView';
import type { BucketObject, S3Bucket } from '../../media/s3Bucket';
import { isVariant } from '../../media/variants';
import { badView, busy, IMMUTABLE, keyParam, notFound, rawQuery, redirectToVariant, unreadable } from './answers';

export interface BucketMediaHostOptions {
  /** What renders a variant (tests count the renders); sharp by default. */
  render?: ImageRenderer;
  /** The renders of this host, bounded (server/media/renderQueue.ts); two at a time by default. */
  queue?: RenderQueue<Buffer | null>;
}

/**
 * `GET /media/<key>[?imageView2/...]` for media in an S3 bucket: the same answers and rules as
 * the host over DATA_DIR/media (server/web/media/localHost.ts), reading from the bucket. The variants
 * the site asks for (docs/decisions/062) are rendered once and kept in the bucket
 * (server/media/bucketVariants.ts); any other view is redirected to its variant.
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
    const name = bucketVariantName(key, view, format);
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
