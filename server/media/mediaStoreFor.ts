import path from 'node:path';
import { siteOrigin, type Config } from '../config';
import { LocalMediaStore, type MediaStore } from './mediaStore';
import { QiniuMediaStore } from './qiniuStore';
import { S3MediaStore } from './s3Store';

/** The configured storage: the Qiniu bucket or the S3 bucket with its credentials, else DATA_DIR/media served by this site. */
export function mediaStoreFor(config: Config): MediaStore {
  if (config.qiniu) return new QiniuMediaStore(config.qiniu, siteOrigin(config));
  if (config.s3) return S3MediaStore.of(config.s3, siteOrigin(config));
  return new LocalMediaStore(path.join(config.dataDir, 'media'), siteOrigin(config));
}

/** Origins pages load media from and post uploads to, beyond their own (the CSP's img-src and connect-src). */
export function mediaCspSources(config: Config, store: MediaStore): { img: string[]; connect: string[] } {
  return { img: [store.origin], connect: config.qiniu ? [new URL(config.qiniu.uploadUrl).origin] : [] };
}
