import path from 'node:path';
import type { Request, Response } from 'express';
import { LAZY_IMAGES } from '../../shared/mediaImage';
import { boundedSharp } from './imageInput';
import type { ImageView, OutputFormat } from './imageView';

const YEAR_S = 365 * 24 * 60 * 60;
export const IMMUTABLE_S = YEAR_S;
export const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;

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

/** Renderings of the sizes the site itself asks for are kept; made-up sizes are not, so they cannot fill the storage. */
export function keepsRendering(view: ImageView): boolean {
  const stepped = (n: number | undefined) => n === undefined || n % LAZY_IMAGES.widthStep === 0;
  return stepped(view.width) && stepped(view.height) && (view.quality === undefined || view.quality === LAZY_IMAGES.quality);
}

export function formatOf(key: string): OutputFormat {
  const extension = path.extname(key).slice(1).toLowerCase();
  return extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : extension === 'png' ? 'png' : extension === 'gif' ? 'gif' : 'webp';
}

export function rawQuery(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
}

/** The key of a `/*key` route, or '' when there is none. */
export function keyParam(req: Request): string {
  const segments: unknown = req.params.key;
  return Array.isArray(segments) ? segments.join('/') : '';
}

export function notFound(res: Response): void {
  res.status(404).type('text/plain').set('Cache-Control', 'public, max-age=60').send('Not found.');
}

export function badView(res: Response): void {
  res.status(400).type('text/plain').set('Cache-Control', 'no-store').send('Bad image view.');
}

export function unreadable(res: Response): void {
  res.status(415).type('text/plain').set('Cache-Control', 'no-store').send('This image cannot be rendered.');
}
