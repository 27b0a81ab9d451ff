import express, { type RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { MAX_ROW_ID } from '../../db/rowId';
import { QINIU_CALLBACK_PATH } from '../../media/qiniu';
import type { QiniuMediaStore } from '../../media/qiniuStore';
import { recordUpload } from '../../media/recordUpload';
import { UPLOAD_KEY } from '../../media/uploadKey';

export interface QiniuCallbackDeps {
  db: Kysely<DB>;
  now: () => number;
  store: QiniuMediaStore;
}

const callbackBody = z.object({
  key: z.string().regex(UPLOAD_KEY),
  hash: z.string().max(64),
  fsize: z.coerce.number().int().positive(),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  user: z.coerce.number().int().positive().max(MAX_ROW_ID),
  article: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

/**
 * `POST /api/attachments/qiniu/callback/`: Qiniu reports an upload to the bucket. Only a
 * call signed with our key counts; it records the file and adds its size to the uploader's
 * traffic in one transaction. Qiniu hands our answer to the editor: {key, hash, url, size},
 * or an {error} that fails the upload there. Mounted outside the API: Qiniu has no CSRF cookie.
 */
export function qiniuCallbackRoute(deps: QiniuCallbackDeps): Router {
  const router = Router();
  router.post(QINIU_CALLBACK_PATH, express.raw({ type: () => true, limit: '16kb' }), callback(deps));
  return router;
}

function callback(deps: QiniuCallbackDeps): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const signed = deps.store.verifyCallback({
      pathWithQuery: req.originalUrl,
      contentType: req.headers['content-type'] ?? '',
      body,
      authorization: req.headers.authorization ?? '',
    });
    if (!signed) return void res.status(401).json({ error: 'bad callback signature' });
    const parsed = callbackBody.safeParse(Object.fromEntries(new URLSearchParams(body)));
    if (!parsed.success) return void res.status(400).json({ error: 'bad callback body' });
    const upload = parsed.data;
    const outcome = await recordUpload(
      deps.db,
      { key: upload.key, userId: upload.user, articleId: upload.article, bytes: upload.fsize, contentType: upload.mimeType },
      deps.now(),
    );
    if (outcome === 'traffic_lack') return void res.status(412).json({ error: 'traffic_lack' });
    if (outcome === 'exists') return void res.status(409).json({ error: 'file exists' });
    if (outcome === 'no_user') return void res.status(403).json({ error: 'no such uploader' });
    res.json({ key: upload.key, hash: upload.hash, url: deps.store.urlOf(upload.key), size: upload.fsize });
  };
}
