import type { Request, Response } from 'express';
import type { ImageView } from '../../media/imageView';
import { variantFor, variantRule } from '../../media/variants';

const YEAR_S = 365 * 24 * 60 * 60;
export const IMMUTABLE_S = YEAR_S;
export const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;

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
