import { LAZY_IMAGES, VARIANT_WIDTHS, WIDEST_VARIANT, variantWidth } from '../../shared/mediaImage';
import type { ImageView } from './imageView';

/**
 * The renderings the media host makes and keeps (docs/decisions/062): the image fitted inside
 * one of the site's widths (shared/mediaImage.ts), at the site's quality, as webp or in the
 * original's own format. Exactly the views the client's rule writes.
 */
export function isVariant(view: ImageView): boolean {
  return (
    view.mode === 2 &&
    view.width !== undefined &&
    (VARIANT_WIDTHS as readonly number[]).includes(view.width) &&
    view.height === undefined &&
    view.quality === LAZY_IMAGES.quality &&
    (view.format === undefined || view.format === 'webp')
  );
}

/**
 * The variant any other view is answered with: its width (or, without one, the widest) taken up
 * to the next kept width, so the image is never narrower than asked; a crop or a height is not
 * kept, nor a format but webp (others are the original's own).
 */
export function variantFor(view: ImageView): ImageView {
  return {
    mode: 2,
    width: variantWidth(view.width ?? WIDEST_VARIANT),
    quality: LAZY_IMAGES.quality,
    ...(view.format === 'webp' ? { format: 'webp' as const } : {}),
  };
}

/** A variant's `imageView2` rule, as shared/mediaImage.ts writes it. */
export function variantRule(variant: ImageView): string {
  return `imageView2/2/w/${variant.width ?? WIDEST_VARIANT}/q/${LAZY_IMAGES.quality}${variant.format === 'webp' ? '/format/webp' : ''}`;
}
