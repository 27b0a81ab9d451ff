import type { RequestHandler } from 'express';
import multer from 'multer';
import { BOOKLET_COVER_MAX_BYTES } from '../../../shared/bookletManagement';
import { TOO_MANY_PIXELS } from '../../../shared/imageLimits';
import { hasTooManyPixels, imageFacts } from '../../media/imageInput';
import { newMediaKey, type MediaExtension, type MediaStore } from '../../media/mediaStore';
import { ApiError } from '../errors';

const COVER_MB = BOOKLET_COVER_MAX_BYTES / (1024 * 1024);
const EXTENSION_OF_FORMAT: Readonly<Record<string, MediaExtension>> = { jpeg: '.jpg', png: '.png', gif: '.gif', webp: '.webp' };

/**
 * Parses the booklet form (multipart: name, heading, description and one `cover` file) into
 * `req.body` and `req.file`, with DRF-shaped 400s for what multer refuses. A JSON body passes
 * through untouched.
 */
export function bookletForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: BOOKLET_COVER_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  }).single('cover');
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') next(new ApiError(400, { cover: [`The cover image may be at most ${COVER_MB} MB.`] }));
        else if (error.code === 'LIMIT_UNEXPECTED_FILE') next(new ApiError(400, { [error.field ?? 'non_field_errors']: ['Only the cover may be a file.'] }));
        else next(ApiError.detail(400, `The form could not be read: ${error.message}.`));
        return;
      }
      if (error) {
        next(ApiError.detail(400, 'The form could not be read.'));
        return;
      }
      next();
    });
  };
}

/**
 * Checks that the cover really is a JPEG, PNG, GIF or WebP image (by its bytes, not its
 * name) and stores it on the media host; answers its public URL. Not inside a transaction.
 */
export async function storeCover(media: MediaStore, file: { buffer: Buffer }): Promise<string> {
  const facts = await imageFacts(file.buffer);
  const format = facts?.format;
  const extension = format === undefined ? undefined : EXTENSION_OF_FORMAT[format];
  if (!facts || !extension) throw ApiError.detail(415, 'The cover must be a JPEG, PNG, GIF or WebP image.');
  if (hasTooManyPixels(facts)) throw new ApiError(400, { cover: [TOO_MANY_PIXELS] });
  return media.save(newMediaKey(extension, 'booklets'), file.buffer, `image/${format === 'jpeg' ? 'jpeg' : format}`);
}
