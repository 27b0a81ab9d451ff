/** docs/specification/shell.md §9: lazy images and the media host's resizing. */
export const LAZY_IMAGES = {
  /** An image starts loading this far before it scrolls into view. */
  aheadPx: 50,
  /** Scrolling and resizing are checked once they pause this long. */
  debounceMs: 200,
  /** The media host re-encodes at this quality. */
  quality: 89,
} as const;

/**
 * The widths the site shows images at, and the only ones the media host renders and keeps
 * (docs/decisions/062): steps of 160 up to 1920. The client asks for one of these; the host
 * sends any other width to `variantWidth` of it.
 */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 800, 960, 1120, 1280, 1440, 1600, 1760, 1920] as const;
/** The last of VARIANT_WIDTHS. */
export const WIDEST_VARIANT = 1920 satisfies (typeof VARIANT_WIDTHS)[number];

/** The kept width for a wanted one: the narrowest not narrower, or the widest. */
export function variantWidth(wanted: number): number {
  return VARIANT_WIDTHS.find((width) => width >= wanted) ?? WIDEST_VARIANT;
}

/**
 * The URL of an image on one of the product's media hosts, resized to at least `width`
 * CSS pixels at the device's pixel ratio, at quality 89, as webp when the browser takes it
 * (the host's `imageView2` rule, docs/decisions/016). Any other URL comes back unchanged.
 */
export function mediaImageUrl(src: string, options: { width: number; pixelRatio?: number; webp: boolean; hosts: readonly string[] }): string {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return src;
  }
  if (!/^https?:$/.test(url.protocol) || !options.hosts.includes(url.hostname)) return src;
  // Already sized by someone: leave it.
  if (url.search.includes('imageView2') || url.search.includes('imageMogr2')) return src;
  const wanted = Math.max(1, options.width) * Math.min(Math.max(options.pixelRatio ?? 1, 1), 3);
  const width = variantWidth(wanted);
  const rule = `imageView2/2/w/${width}/q/${LAZY_IMAGES.quality}${options.webp ? '/format/webp' : ''}`;
  return `${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}${rule}${url.hash}`;
}

/** Whether a box (top and bottom, relative to the viewport) is within `aheadPx` of a viewport this high. */
export function isNearViewport(box: { top: number; bottom: number }, viewportHeight: number, aheadPx: number = LAZY_IMAGES.aheadPx): boolean {
  return box.top < viewportHeight + aheadPx && box.bottom > -aheadPx;
}

/** The part of the browser's Network Information (its `connection`) the prefetch rule reads. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** docs/specification/shell.md §9: no prefetching on a 2g connection or with the data saver on. */
export function shouldPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/** Whether an image address is on one of the media hosts (the server names them: EnvStore.mediaHosts). */
export function isOnMediaHost(src: string, hosts: readonly string[]): boolean {
  try {
    const url = new URL(src);
    return /^https?:$/.test(url.protocol) && hosts.includes(url.hostname);
  } catch {
    return false;
  }
}
