import { type Response, Router } from 'express';
import { parseImageView } from '../../media/imageView';
import { keptLocalVariant, localOriginal } from '../../media/localVariants';
import type { LocalMediaStore } from '../../media/mediaStore';
import { RenderQueue } from '../../media/renderQueue';
import { formatOf, renderView, type ImageRenderer } from '../../media/renderView';
import { isVariant } from '../../media/variants';
import { badView, busy, IMMUTABLE_S, keyParam, notFound, rawQuery, redirectToVariant, unreadable } from './answers';

export interface MediaHostOptions {
  /** What renders a variant (tests count the renders); sharp by default. */
  render?: ImageRenderer;
  /** The renders of this host, bounded (server/media/renderQueue.ts); two at a time by default. */
  queue?: RenderQueue<void>;
}

/**
 * `GET /media/<key>[?imageView2/...]`: the stored images, as they are or resized and
 * re-encoded by sharp. Keys are never reused, so every answer is cached for a year. Only the
 * variants the site asks for are rendered (docs/decisions/062), each once, then kept on disk
 * (server/media/localVariants.ts); any other view is redirected to its variant.
 */
export function mediaHost(store: LocalMediaStore, options: MediaHostOptions = {}): Router {
  const router = Router();
  const render = options.render ?? renderView;
  const queue = options.queue ?? new RenderQueue<void>();

  router.get('/*key', async (req, res) => {
    // Article images show in feed readers and shared pages elsewhere, as a CDN's would.
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const key = keyParam(req);
    const original = await localOriginal(store, key);
    if (!original) return notFound(res);

    const view = parseImageView(rawQuery(req));
    if (view === 'invalid') return badView(res);
    if (view === null) return sendFile(res, original);
    if (!isVariant(view)) return redirectToVariant(req, res, view);

    const variant = await keptLocalVariant(store, original, key, view, view.format ?? formatOf(key), render, queue);
    if (variant.kind === 'busy') return busy(res, variant.retryAfterS);
    if (variant.kind === 'unreadable') return unreadable(res);
    return sendFile(res, variant.file);
  });
  return router;
}

function sendFile(res: Response, file: string): void {
  res.sendFile(file, { maxAge: IMMUTABLE_S * 1000, immutable: true, dotfiles: 'allow' });
}
