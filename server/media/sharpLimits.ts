import type sharpModule from 'sharp';

let limited = false;

/**
 * sharp's own appetite, set once as it loads (docs/decisions/062): one libvips thread per image
 * (the render queue, server/media/renderQueue.ts, already runs two images at once, and each
 * thread holds its own buffers of the image), and no operation cache: every variant is rendered
 * once and kept, so a cached decode is never asked again, while it would hold up to 50 MB.
 */
export function limitSharp(sharp: typeof sharpModule): void {
  if (limited) return;
  limited = true;
  sharp.concurrency(1);
  sharp.cache(false);
}
