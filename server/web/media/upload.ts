import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { MAX_UPLOAD_BYTES } from '../../../shared/traffic';
import { TOO_MANY_PIXELS } from '../../../shared/imageLimits';
import { acceptUpload, type UploadDeps, type UploadRefusal } from '../../media/acceptUpload';

/** Each refusal's status and the {error} Qiniu's form upload would give. */
const REFUSALS: Readonly<Record<UploadRefusal, readonly [number, string]>> = {
  bad_token: [401, 'bad token'],
  expired_token: [401, 'expired token'],
  invalid_key: [400, 'invalid key: random hex, then _hd, then .jpg, .jpeg, .png, .gif or .webp'],
  no_file: [400, 'file is missing'],
  over_traffic_left: [413, 'file too large for the traffic left this month'],
  not_image: [415, 'not an image: jpeg, png, gif or webp only'],
  too_many_pixels: [413, TOO_MANY_PIXELS],
  traffic_lack: [412, 'traffic_lack'],
  exists: [409, 'file exists'],
  no_user: [401, 'bad token'],
  not_stored: [500, 'the file could not be stored'],
};

/**
 * `POST /media/upload/`: the embedded backend's Qiniu-compatible form upload (fields
 * token, key, file, x:article_id), checked and stored by server/media/acceptUpload.ts. The
 * token is the credential, so no session or CSRF cookie is needed. Answers {key, hash, url,
 * size}; errors {error}.
 */
export function uploadRoute(deps: UploadDeps): Router {
  const router = Router();
  const form = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10 },
  }).single('file');
  router.post(['/upload', '/upload/'], parsedForm(form), upload(deps));
  return router;
}

function upload(deps: UploadDeps): RequestHandler {
  return async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const outcome = await acceptUpload(deps, {
      token: typeof fields.token === 'string' ? fields.token : '',
      key: typeof fields.key === 'string' ? fields.key : '',
      file: req.file?.buffer,
    });
    if (outcome.kind === 'refused') {
      const [status, error] = REFUSALS[outcome.reason];
      return void res.status(status).json({ error });
    }
    res.set('Cache-Control', 'no-store').json({ key: outcome.key, hash: outcome.hash, url: outcome.url, size: outcome.size });
  };
}

/** The multipart form, or its refusal as the form upload's {error}: too large is 413, any other bad form 400. */
function parsedForm(form: RequestHandler): RequestHandler {
  return (req, res, next) => {
    void form(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      res.status(tooLarge ? 413 : 400).json({ error: tooLarge ? 'file too large' : `bad form: ${error instanceof Error ? error.message : 'unreadable'}` });
    });
  };
}
