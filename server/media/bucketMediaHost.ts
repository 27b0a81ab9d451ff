import { createHash } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '../logger';
import { parseImageView, viewName, type ImageView, type OutputFormat } from './imageView';
import { isSafeMediaKey } from './mediaStore';
import { badView, formatOf, IMMUTABLE, keepsRendering, keyParam, notFound, rawQuery, renderView, unreadable } from './renderView';
import type { BucketObject, S3Bucket } from './s3Bucket';

/** Kept renderings live under this prefix: no media key starts with a dot, so none can be taken for one. */
const RENDERINGS = '.cache';

/**
 * `GET /media/<key>[?imageView2/...]` for media in an S3 bucket: the same answers and resize
 * rules as the host over DATA_DIR/media (mediaHost.ts), reading from the bucket. Renderings the
 * site itself asks for are kept in the bucket under `.cache/<key>/`, for every machine.
 */
export function bucketMediaHost(bucket: S3Bucket, logger: Logger): Router {
  const router = Router();
  const rendering = new Map<string, Promise<Buffer | null>>();

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

    const format = view.format ?? formatOf(key);
    const name = `${RENDERINGS}/${key}/${viewName(view, format)}`;
    if (keepsRendering(view)) {
      const kept = await bucket.get(name);
      if (kept) return sendObject(req, res, kept, format);
    }
    let job = rendering.get(name);
    if (!job) {
      job = renderFromBucket(bucket, key, view, format, keepsRendering(view) ? name : null, logger);
      rendering.set(name, job);
      void job.finally(() => rendering.delete(name)).catch(() => {});
    }
    const bytes = await job.catch(() => 'unreadable' as const);
    if (bytes === null) return notFound(res);
    if (bytes === 'unreadable') return unreadable(res);
    res.set('Cache-Control', IMMUTABLE).set('ETag', `"${createHash('sha1').update(name).digest('base64url')}"`);
    res.type(format);
    if (req.fresh) return void res.status(304).end();
    res.send(bytes);
  });
  return router;
}

/** The rendering, kept under `keepAs` when given; null when the original is not in the bucket. */
async function renderFromBucket(
  bucket: S3Bucket,
  key: string,
  view: ImageView,
  format: OutputFormat,
  keepAs: string | null,
  logger: Logger,
): Promise<Buffer | null> {
  const original = await bucket.read(key);
  if (!original) return null;
  const bytes = await renderView(original, view, format);
  if (keepAs) {
    await bucket
      .put(keepAs, bytes, `image/${format}`)
      .catch((error: unknown) => logger.warn({ err: error, key: keepAs }, 'could not keep a rendering in the bucket'));
  }
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
