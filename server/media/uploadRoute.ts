import type { Kysely } from 'kysely';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { MAX_UPLOAD_BYTES } from '../../shared/traffic';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import type { MediaStore } from './mediaStore';
import { TOO_MANY_PIXELS } from '../../shared/imageLimits';
import { hasTooManyPixels, imageFacts } from './imageInput';
import { qetag } from './qetag';
import { forgetUpload, recordUpload } from './recordUpload';
import { verifyUploadToken, type SigningKey } from './uploadToken';

export interface UploadRouteDeps {
  db: Kysely<DB>;
  now: () => number;
  store: UploadingStore;
  logger: Logger;
}

/** A store that takes the editor's uploads through this site: it signs their tokens itself. */
export type UploadingStore = MediaStore & { signingKey(): Promise<SigningKey> };

/** An upload's name: random hex, '_hd' and an image extension (docs/specification/content-and-commerce.md §5); nothing else, no folders. */
export const UPLOAD_KEY = /^[0-9a-f]{8,64}_hd\.(?:jpg|jpeg|png|gif|webp)$/;

/** The image formats taken, as sharp names them, and their content types. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * `POST /media/upload/`: the embedded backend's Qiniu-compatible form upload (fields
 * token, key, file, x:article_id). The token is the credential, as Qiniu's is, so no
 * session or CSRF cookie is needed. Answers {key, hash, url, size}; errors {error}.
 */
export function uploadRoute(deps: UploadRouteDeps): Router {
  const router = Router();
  const form = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10 },
  }).single('file');
  router.post(['/upload', '/upload/'], parsedForm(form), upload(deps));
  return router;
}

function upload(deps: UploadRouteDeps): RequestHandler {
  return async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof fields.token === 'string' ? fields.token : '';
    const key = typeof fields.key === 'string' ? fields.key : '';
    const now = deps.now();
    const policy = verifyUploadToken(await deps.store.signingKey(), token, now);
    if (policy === 'invalid') return void res.status(401).json({ error: 'bad token' });
    if (policy === 'expired') return void res.status(401).json({ error: 'expired token' });
    if (!UPLOAD_KEY.test(key)) return void res.status(400).json({ error: 'invalid key: random hex, then _hd, then .jpg, .jpeg, .png, .gif or .webp' });
    const file = req.file;
    if (!file || file.size === 0) return void res.status(400).json({ error: 'file is missing' });
    if (file.size > policy.fsizeLimit) return void res.status(413).json({ error: 'file too large for the traffic left this month' });
    const facts = await imageFacts(file.buffer);
    const contentType = facts ? IMAGE_TYPES[facts.format] : undefined;
    if (!facts || !contentType) return void res.status(415).json({ error: 'not an image: jpeg, png, gif or webp only' });
    if (hasTooManyPixels(facts)) return void res.status(413).json({ error: TOO_MANY_PIXELS });

    const outcome = await recordUpload(deps.db, { key, userId: Number(policy.endUser), articleId: policy.articleId, bytes: file.size, contentType }, now);
    if (outcome === 'traffic_lack') return void res.status(412).json({ error: 'traffic_lack' });
    if (outcome === 'exists') return void res.status(409).json({ error: 'file exists' });
    if (outcome === 'no_user') return void res.status(401).json({ error: 'bad token' });
    let url: string;
    try {
      url = await deps.store.save(key, file.buffer, contentType);
    } catch (error) {
      deps.logger.error({ err: error, key }, 'storing an upload failed');
      await forgetUpload(deps.db, key);
      return void res.status(500).json({ error: 'the file could not be stored' });
    }
    res.set('Cache-Control', 'no-store').json({ key, hash: qetag(file.buffer), url, size: file.size });
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
