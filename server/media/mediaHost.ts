import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Response, Router } from 'express';
import { isSafeMediaKey, type LocalMediaStore } from './mediaStore';
import { parseImageView, viewName } from './imageView';
import { badView, formatOf, IMMUTABLE, IMMUTABLE_S, keepsRendering, keyParam, notFound, rawQuery, renderView, unreadable } from './renderView';

/**
 * `GET /media/<key>[?imageView2/...]`: the stored images, as they are or resized and
 * re-encoded (webp) by sharp. Keys are never reused, so every answer is cached for a year.
 * Renderings of the sizes the site itself asks for (widths in steps of 160, quality 89)
 * are kept on disk beside the originals; other sizes are rendered each time, so made-up
 * sizes cannot fill the disk.
 */
export function mediaHost(store: LocalMediaStore): Router {
  const router = Router();
  const rendering = new Map<string, Promise<void>>();

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

    const format = view.format ?? formatOf(key);
    if (keepsRendering(view)) {
      const cached = path.join(store.dir, '.cache', key, viewName(view, format));
      if (!(await exists(cached))) {
        let job = rendering.get(cached);
        if (!job) {
          job = renderView(original, view, format).then((bytes) => writeAtomically(cached, bytes));
          rendering.set(cached, job);
          void job.finally(() => rendering.delete(cached)).catch(() => {});
        }
        if (
          !(await job.then(
            () => true,
            () => false,
          ))
        )
          return unreadable(res);
      }
      return sendFile(res, cached);
    }
    const bytes = await renderView(original, view, format).catch(() => null);
    if (!bytes) return unreadable(res);
    res.set('Cache-Control', IMMUTABLE).set(
      'ETag',
      `"${createHash('sha1')
        .update(`${stat.size}-${stat.mtimeMs}-${viewName(view, format)}`)
        .digest('base64url')}"`,
    );
    res.type(format);
    if (req.fresh) return void res.status(304).end();
    res.send(bytes);
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
