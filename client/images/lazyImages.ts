import { isNearViewport, isOnMediaHost, LAZY_IMAGES, mediaImageUrl } from '../../shared/mediaImage';

let webp: boolean | null = null;

/** Whether this browser decodes webp (asked once; a canvas that cannot encode it says no). */
export function supportsWebp(): boolean {
  if (webp === null) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    webp = canvas.toDataURL('image/webp').startsWith('data:image/webp');
  }
  return webp;
}

/**
 * Media-host images of the article that have not loaded yet (the sanitiser makes them
 * `loading="lazy"`, so those below the fold have not started) are pointed at the host's
 * resized copy for the width they will take: the browser then fetches only that one.
 * Images already shown stay as they are.
 */
export function resizeMediaImages(root: ParentNode, hosts: readonly string[]): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img:not([data-lazy-src])')) {
    if (image.complete || !isOnMediaHost(image.src, hosts)) continue;
    const width = image.clientWidth || Number(image.getAttribute('width')) || image.parentElement?.clientWidth || window.innerWidth;
    const resized = mediaImageUrl(image.src, { width, pixelRatio: window.devicePixelRatio, webp: supportsWebp(), hosts });
    if (resized !== image.src) image.src = resized;
  }
}

/**
 * docs/specification/shell.md §9: images marked `data-lazy-src` under `root` load once they come within 50 px
 * of the viewport, checked 200 ms after scrolling or resizing pauses; media-host images
 * are asked for at their rendered width, quality 89, webp where supported. The image keeps
 * its width and height attributes, so its box does not move when it loads. Returns the
 * function that stops watching.
 */
export function watchLazyImages(root: ParentNode, hosts: readonly string[]): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    timer = null;
    const pending = root.querySelectorAll<HTMLImageElement>('img[data-lazy-src]');
    for (const image of pending) {
      if (!isNearViewport(image.getBoundingClientRect(), window.innerHeight)) continue;
      const src = image.dataset.lazySrc ?? '';
      image.removeAttribute('data-lazy-src');
      image.src = mediaImageUrl(src, {
        width: image.clientWidth || Number(image.getAttribute('width')) || window.innerWidth,
        pixelRatio: window.devicePixelRatio,
        webp: supportsWebp(),
        hosts,
      });
    }
    if (pending.length === 0) stop();
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, LAZY_IMAGES.debounceMs);
  };
  const stop = () => {
    if (timer) clearTimeout(timer);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  check();
  return stop;
}
