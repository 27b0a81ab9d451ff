/** A 1×1 transparent GIF: what a deferred image without a size shows until it loads. */
export const DEFERRED_IMAGE_PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * An empty SVG of the image's own size: a placeholder of another shape would change the box
 * when it loads (`height: auto` follows the loaded picture's ratio), then again with the image.
 */
export function placeholderOfSize(width: number, height: number): string {
  // Spaces escaped too: a raw space is not allowed in a URL (the Nu Html Checker says so).
  return `data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20width=%27${width}%27%20height=%27${height}%27/%3E`;
}

const IMAGE = /<img\b([^>]*?)\ssrc="([^"]*)"([^>]*)>/g;

/**
 * docs/specification/shell.md §9's lazy images for a browser: each image of sanitised article HTML gets its
 * address in `data-lazy-src` and a placeholder `src`, so it loads only when the page's
 * watcher finds it within 50 px of the viewport (client/images/lazyImages.ts); a copy with
 * the real address sits in `<noscript>` for a reader without scripts. Crawlers get the HTML
 * as it is. The HTML comes from the sanitiser, so every attribute is double-quoted.
 */
export function deferImages(html: string): string {
  return html.replace(IMAGE, (tag: string, before: string, src: string, after: string) => {
    if (src.startsWith('data:')) return tag;
    const width = /\swidth="(\d+)"/.exec(tag)?.[1];
    const height = /\sheight="(\d+)"/.exec(tag)?.[1];
    const placeholder = width && height ? placeholderOfSize(Number(width), Number(height)) : DEFERRED_IMAGE_PLACEHOLDER;
    return `<img${before} data-lazy-src="${src}" src="${placeholder}"${after}><noscript>${tag}</noscript>`;
  });
}
