import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Request, type Response, Router } from 'express';
import { boundedSharp } from './imageInput';
import { LAZY_IMAGES } from '../../shared/mediaImage';
import { isSafeMediaKey, type LocalMediaStore } from './mediaStore';
import { parseImageView, viewName, type ImageView, type OutputFormat } from './imageView';

const YEAR_S = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${YEAR_S}, immutable`;

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
    const segments: unknown = req.params.key;
    const key = Array.isArray(segments) ? segments.join('/') : '';
    if (!isSafeMediaKey(key)) return notFound(res);
    const original = path.join(store.dir, key);
    const stat = await fs.stat(original).catch(() => null);
    if (!stat?.isFile()) return notFound(res);

    const view = parseImageView(rawQuery(req));
    if (view === 'invalid') return void res.status(400).type('text/plain').set('Cache-Control', 'no-store').send('Bad image view.');
    if (view === null) return sendFile(res, original);

    const format = view.format ?? formatOf(key);
    if (keepsOnDisk(view)) {
      const cached = path.join(store.dir, '.cache', key, viewName(view, format));
      if (!(await exists(cached))) {
        let job = rendering.get(cached);
        if (!job) {
          job = render(original, view, format).then((bytes) => writeAtomically(cached, bytes));
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
    const bytes = await render(original, view, format).catch(() => null);
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

function rawQuery(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
}

function keepsOnDisk(view: ImageView): boolean {
  const stepped = (n: number | undefined) => n === undefined || n % LAZY_IMAGES.widthStep === 0;
  return stepped(view.width) && stepped(view.height) && (view.quality === undefined || view.quality === LAZY_IMAGES.quality);
}

async function render(original: string, view: ImageView, format: OutputFormat): Promise<Buffer> {
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

function formatOf(key: string): OutputFormat {
  const extension = path.extname(key).slice(1).toLowerCase();
  return extension === 'jpg' || extension === 'jpeg' ? 'jpeg' : extension === 'png' ? 'png' : extension === 'gif' ? 'gif' : 'webp';
}

function sendFile(res: Response, file: string): void {
  res.sendFile(file, { maxAge: YEAR_S * 1000, immutable: true, dotfiles: 'allow' });
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').set('Cache-Control', 'public, max-age=60').send('Not found.');
}

function unreadable(res: Response): void {
  res.status(415).type('text/plain').set('Cache-Control', 'no-store').send('This image cannot be rendered.');
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
