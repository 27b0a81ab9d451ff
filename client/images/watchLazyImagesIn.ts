import { MEDIA_HOSTS } from '../../shared/mediaImage';

/**
 * Starts the lazy-image helper on `root` when it holds images to defer; the helper's code is
 * its own chunk, so pages without such images (all of them until the media host exists)
 * never load it. Returns the function that stops watching.
 */
export function watchLazyImagesIn(root: HTMLElement | null): () => void {
  if (!root?.querySelector('img[data-lazy-src]')) return () => {};
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('./lazyImages').then(({ watchLazyImages }) => {
    if (!stopped) stop = watchLazyImages(root, MEDIA_HOSTS);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
