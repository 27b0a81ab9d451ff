import path from 'node:path';
import { boundedSharp } from './imageInput';
import type { ImageView, OutputFormat } from './imageView';

/** Renders a view of an original (its bytes or its file): renderView, or a test's stand-in that counts. */
export type ImageRenderer = (original: Buffer | string, view: ImageView, format: OutputFormat) => Promise<Buffer>;

/** The image resized and re-encoded by sharp as the view asks (EXIF orientation applied, animation kept). */
export async function renderView(original: Buffer | string, view: ImageView, format: OutputFormat): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  const image = (await boundedSharp(original, { animated }))
    .rotate()
    .resize({ width: view.width, height: view.height, fit: view.mode === 1 ? 'cover' : 'inside', withoutEnlargement: true });
  const quality = view.quality ?? 85;
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  if (format === 'jpeg') return image.jpeg({ quality, mozjpeg: true }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.gif().toBuffer();
}

/** The format a key's extension names; webp for any other. */
export function formatOf(key: string): OutputFormat {
  const extension = path.extname(key).slice(1).toLowerCase();
  return extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : extension === 'png' ? 'png' : extension === 'gif' ? 'gif' : 'webp';
}
