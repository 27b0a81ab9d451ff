import type { Kysely } from 'kysely';
import { Router } from 'express';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { LocalMediaStore, type MediaStore } from '../media/mediaStore';
import { QiniuMediaStore } from '../media/qiniuStore';
import { S3MediaStore } from '../media/s3Store';
import { bucketMediaHost } from './media/bucketHost';
import { mediaHost } from './media/localHost';
import { qiniuCallbackRoute } from './media/qiniuCallback';
import { uploadRoute } from './media/upload';

export interface MediaRouteDeps {
  db: Kysely<DB>;
  now: () => number;
  store: MediaStore;
  logger: Logger;
}

/**
 * The media's own routes, outside the API's parsers and CSRF check: with media on this
 * machine or in an S3 bucket, the form upload and the media host under /media; with Qiniu,
 * its upload callback.
 */
export function mediaRoutes(deps: MediaRouteDeps): Router {
  const router = Router();
  if (deps.store instanceof LocalMediaStore) {
    router.use('/media', uploadRoute({ ...deps, store: deps.store }));
    router.use('/media', mediaHost(deps.store));
  }
  if (deps.store instanceof S3MediaStore) {
    router.use('/media', uploadRoute({ ...deps, store: deps.store }));
    router.use('/media', bucketMediaHost(deps.store.bucket, deps.logger));
  }
  if (deps.store instanceof QiniuMediaStore) router.use(qiniuCallbackRoute({ ...deps, store: deps.store }));
  return router;
}
