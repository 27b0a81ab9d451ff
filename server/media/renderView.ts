import path from 'node:path';
import type { Request, Response } from 'express';
import { boundedSharp } from './imageInput';
import type { ImageView, OutputFormat } from './imageView';
import { variantFor, variantRule } from './variants';

const YEAR_S = 365 * 24 * 60 * 60;
export const IMMUTABLE_S = YEAR_S;
export const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;

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

/**
 * Any view but a kept variant goes to the variant it is answered with (server/media/variants.ts),
 * the rest of the query kept. Permanent, but cached for a day only: the list of widths may change.
 */
export function redirectToVariant(req: Request, res: Response, view: ImageView): void {
  const at = req.originalUrl.indexOf('?');
  const pathname = at < 0 ? req.originalUrl : req.originalUrl.slice(0, at);
  const query = rawQuery(req)
    .split('&')
    .map((part) => (part.startsWith('imageView2/') ? variantRule(variantFor(view)) : part))
    .join('&');
  res.set('Cache-Control', 'public, max-age=86400').redirect(301, `${pathname}?${query}`);
}

/** Too many renders waiting (server/media/renderQueue.ts): the client tries again later. */
export function busy(res: Response, retryAfterS: number): void {
  res.status(503).type('text/plain').set('Cache-Control', 'no-store').set('Retry-After', String(retryAfterS)).send('Busy rendering images; try again shortly.');
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
