import { isOnMediaHost } from '../../shared/mediaImage';

/**
 * Starts the lazy-image helper on `root` when it holds images to defer or images on the
 * media host (`hosts`, from the server) to ask for resized; the helper's code is its own
 * chunk, so pages without such images never load it. Returns the function that stops watching.
 */
export function watchLazyImagesIn(root: HTMLElement | null, hosts: readonly string[]): () => void {
  if (!root) return () => {};
  const marked = root.querySelector('img[data-lazy-src]') !== null;
  const onHost = hosts.length > 0 && Array.from(root.querySelectorAll('img'), (image) => image.src).some((src) => isOnMediaHost(src, hosts));
  if (!marked && !onHost) return () => {};
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('./lazyImages').then(({ resizeMediaImages, watchLazyImages }) => {
    if (stopped) return;
    resizeMediaImages(root, hosts);
    stop = watchLazyImages(root, hosts);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
