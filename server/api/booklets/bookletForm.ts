import type { RequestHandler } from 'express';
import multer from 'multer';
import { BOOKLET_COVER_MAX_BYTES } from '../../../shared/bookletManagement';
import { ApiError } from '../errors';

const COVER_MB = BOOKLET_COVER_MAX_BYTES / (1024 * 1024);

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
