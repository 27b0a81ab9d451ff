import path from 'node:path';
import { siteOrigin, type Config } from '../config';
import { LocalMediaStore, type MediaStore } from './mediaStore';

/** The configured storage: DATA_DIR/media served by this site (Qiniu arrives with its credentials). */
export function mediaStoreFor(config: Config): MediaStore {
  return new LocalMediaStore(path.join(config.dataDir, 'media'), siteOrigin(config));
}

/** Origins pages load media from and post uploads to, beyond their own (the CSP's img-src and connect-src). */
export function mediaCspSources(config: Config, store: MediaStore): { img: string[]; connect: string[] } {
  return { img: [store.origin], connect: config.qiniu ? [new URL(config.qiniu.uploadUrl).origin] : [] };
}
