import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { viewName, type ImageView, type OutputFormat } from './imageView';
import { isSafeMediaKey, type LocalMediaStore } from './mediaStore';
import type { ImageRenderer } from './renderView';
import { QueueFull, type RenderQueue } from './renderQueue';

/** A kept variant's file, or why there is none: too many renders waiting, or an image that cannot be rendered. */
export type KeptVariant = { kind: 'kept'; file: string } | { kind: 'busy'; retryAfterS: number } | { kind: 'unreadable' };

/** The stored original's file under DATA_DIR/media, or null for a key that is not a stored file. */
export async function localOriginal(store: LocalMediaStore, key: string): Promise<string | null> {
  if (!isSafeMediaKey(key)) return null;
  const original = path.join(store.dir, key);
  const stat = await fs.stat(original).catch(() => null);
  return stat?.isFile() ? original : null;
}

/**
 * A variant of a local original (docs/decisions/062): rendered once, through the bounded queue,
 * then kept on disk beside the originals under `.cache/<key>/`.
 */
export async function keptLocalVariant(
  store: LocalMediaStore,
  original: string,
  key: string,
  view: ImageView,
  format: OutputFormat,
  render: ImageRenderer,
  queue: RenderQueue<void>,
): Promise<KeptVariant> {
  const kept = path.join(store.dir, '.cache', key, viewName(view, format));
  if (await exists(kept)) return { kind: 'kept', file: kept };
  const made = await queue
    .run(kept, async () => {
      // Made by a render that finished after this request looked: never twice.
      if (!(await exists(kept))) await writeAtomically(kept, await render(original, view, format));
    })
    .then(
      () => 'made' as const,
      (error: unknown) => error,
    );
  if (made instanceof QueueFull) return { kind: 'busy', retryAfterS: made.retryAfterS };
  return made === 'made' ? { kind: 'kept', file: kept } : { kind: 'unreadable' };
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
