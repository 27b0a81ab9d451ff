import { TOO_MANY_PIXELS } from '../../shared/imageLimits';
import { DomainError } from '../domain/DomainError';
import { hasTooManyPixels, imageFacts } from '../media/imageInput';
import { newMediaKey, type MediaExtension, type MediaStore } from '../media/mediaStore';

const EXTENSION_OF_FORMAT: Readonly<Record<string, MediaExtension>> = { jpeg: '.jpg', png: '.png', gif: '.gif', webp: '.webp' };

/** A cover that is no JPEG, PNG, GIF or WebP image (the API answers 415, server/api/booklets/manageRoutes.ts). */
export const COVER_NOT_AN_IMAGE = 'cover_not_an_image';

/**
 * Checks that the cover really is a JPEG, PNG, GIF or WebP image (by its bytes, not its
 * name) and stores it on the media host; answers its public URL, or `COVER_NOT_AN_IMAGE`.
 * Not inside a transaction.
 */
export async function storeCover(media: MediaStore, file: { buffer: Buffer }): Promise<{ url: string } | typeof COVER_NOT_AN_IMAGE> {
  const facts = await imageFacts(file.buffer);
  const format = facts?.format;
  const extension = format === undefined ? undefined : EXTENSION_OF_FORMAT[format];
  if (!facts || !extension) return COVER_NOT_AN_IMAGE;
  if (hasTooManyPixels(facts)) throw new DomainError('invalid', TOO_MANY_PIXELS, 'cover');
  return { url: await media.save(newMediaKey(extension, 'booklets'), file.buffer, `image/${format === 'jpeg' ? 'jpeg' : format}`) };
}
