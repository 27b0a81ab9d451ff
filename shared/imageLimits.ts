/**
 * The most pixels an uploaded image may have, all frames of an animation together
 * (docs/decisions/029): 25 megapixels, a 6000×4000 photo. Decoding is what costs memory
 * and time, not the bytes: a 776 kB PNG can hold 16000×16000 pixels.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** The limit in the words of an error message: '25 megapixels'. */
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/** The media host's `{error}` for an image over the limit; the editor shows it in the author's language. */
export const TOO_MANY_PIXELS = `The image is too large: at most ${MAX_IMAGE_MEGAPIXELS} megapixels.`;
