import path from 'node:path';
import { Router } from 'express';
import { fontFiles } from '../api/editorAssets/fontFiles';
import type { Config } from '../config';
import { hashedAssets } from './hashedAssets';
import { publicFiles } from './publicFiles';

/** The files of the site: the build's hashed assets under /static (pre-compressed, immutable), the public/ folder, the editor's fonts. */
export function staticFiles(config: Pick<Config, 'clientDir' | 'assetBaseUrl'>): Router {
  return Router()
    .use('/static', hashedAssets(config.clientDir, { crossOrigin: config.assetBaseUrl !== undefined }))
    .use(publicFiles(path.resolve('public')))
    .use('/fonts', fontFiles());
}
