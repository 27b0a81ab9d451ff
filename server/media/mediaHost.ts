import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Response, Router } from 'express';
import { isSafeMediaKey, type LocalMediaStore } from './mediaStore';
import { parseImageView, viewName } from './imageView';
import { QueueFull, RenderQueue } from './renderQueue';
import {
  badView,
  busy,
  formatOf,
  IMMUTABLE_S,
  type ImageRenderer,
  keyParam,
  notFound,
  rawQuery,
  redirectToVariant,
  renderView,
  unreadable,
} from './renderView';
import { isVariant } from './variants';

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
 * beside the originals under `.cache/<key>/`; any other view is redirected to its variant.
 */
export function mediaHost(store: LocalMediaStore, options: MediaHostOptions = {}): Router {
  const router = Router();
  const render = options.render ?? renderView;
  const queue = options.queue ?? new RenderQueue<void>();

  router.get('/*key', async (req, res) => {
    // Article images show in feed readers and shared pages elsewhere, as a CDN's would.
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const key = keyParam(req);
    if (!isSafeMediaKey(key)) return notFound(res);
    const original = path.join(store.dir, key);
    const stat = await fs.stat(original).catch(() => null);
    if (!stat?.isFile()) return notFound(res);

    const view = parseImageView(rawQuery(req));
    if (view === 'invalid') return badView(res);
    if (view === null) return sendFile(res, original);
    if (!isVariant(view)) return redirectToVariant(req, res, view);

    const format = view.format ?? formatOf(key);
    const kept = path.join(store.dir, '.cache', key, viewName(view, format));
    if (!(await exists(kept))) {
      const made = await queue
        .run(kept, async () => {
          // Made by a render that finished after this request looked: never twice.
          if (!(await exists(kept))) await writeAtomically(kept, await render(original, view, format));
        })
        .then(
          () => 'made' as const,
          (error: unknown) => error,
        );
      if (made instanceof QueueFull) return busy(res, made.retryAfterS);
      if (made !== 'made') return unreadable(res);
    }
    return sendFile(res, kept);
  });
  return router;
}

function sendFile(res: Response, file: string): void {
  res.sendFile(file, { maxAge: IMMUTABLE_S * 1000, immutable: true, dotfiles: 'allow' });
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}
