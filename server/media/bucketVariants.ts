import type { Logger } from '../logger';
import { viewName, type ImageView, type OutputFormat } from './imageView';
import type { ImageRenderer } from './renderView';
import type { S3Bucket } from './s3Bucket';

/** Kept renderings live under this prefix: no media key starts with a dot, so none can be taken for one. */
const RENDERINGS = '.cache';

/** Where a variant of a key is kept in the bucket (docs/decisions/062), for every machine. */
export function bucketVariantName(key: string, view: ImageView, format: OutputFormat): string {
  return `${RENDERINGS}/${key}/${viewName(view, format)}`;
}

/**
 * The rendering, kept in the bucket under `keepAs`; null when the original is not in the bucket.
 * The original is read only once the render has its place in the queue: a waiting one holds no image.
 */
export async function renderFromBucket(
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
