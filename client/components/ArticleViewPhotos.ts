import type { ViewerPhoto } from '../stores/PhotoViewerStore';

/** Every image of an article (cover first, then the body's, in order) and where `clicked` is among them. */
export function photosIn(container: ParentNode, clicked: HTMLImageElement): { list: ViewerPhoto[]; index: number } {
  const images = [...container.querySelectorAll<HTMLImageElement>('.article__cover, .article__content img')];
  const list = images.map(toPhoto);
  return { list, index: Math.max(0, images.indexOf(clicked)) };
}

function toPhoto(image: HTMLImageElement): ViewerPhoto {
  // An image still deferred (data-lazy-src) shows a placeholder: the viewer takes its real address.
  const deferred = image.dataset.lazySrc;
  return {
    src: deferred ?? (image.currentSrc || image.src),
    alt: image.alt,
    width: (deferred ? 0 : image.naturalWidth) || numberAttribute(image, 'width'),
    height: (deferred ? 0 : image.naturalHeight) || numberAttribute(image, 'height'),
  };
}

function numberAttribute(image: HTMLImageElement, name: 'width' | 'height'): number | null {
  const value = Number(image.getAttribute(name));
  return Number.isFinite(value) && value > 0 ? value : null;
}
