import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sharedGzipOf } from './sharedGzip';
import type { SharedParts } from './sharedGzip';
import type { SharedLayout } from './sharedParts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A finished page as the cache keeps it: the same HTML in three encodings. */
export interface CachedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Weak: the encodings differ in bytes, not in meaning. */
  etag: string;
  /** Content keys it shows (`article:<slug>`, `author:<name>`, `booklet:<slug>`, `feed`). */
  keys: readonly string[];
  /** The article, and its author, whose page views a served copy counts (article pages). */
  viewsOf: { articleId: number; authorId: number } | null;
  /** When it dies whatever happens: max age, quota reset, an author's membership expiry. */
  expiresAt: number;
  /** Where its reader-dependent parts are, when signed-in readers may get it too (sharedParts.ts). */
  shared: SharedParts | null;
  bytes: number;
}

export type PageMeta = Pick<CachedPage, 'keys' | 'viewsOf' | 'expiresAt'> & { shared: SharedLayout | null };

/** Compresses once, at store time, off the main thread (zlib's pool): every hit then sends bytes as they are. */
export async function buildCachedPage(html: string, meta: PageMeta): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const { shared: layout, ...rest } = meta;
  const [gz, br, sharedGzip] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    layout ? sharedGzipOf(identity, layout) : null,
  ]);
  const shared = layout && sharedGzip ? { ...layout, gzip: sharedGzip } : null;
  const sharedBytes = shared ? shared.state.length + shared.gzip.before.length + shared.gzip.between.length + shared.gzip.after.length : 0;
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { identity, gzip: gz, br, etag, ...rest, shared, bytes: identity.length + gz.length + br.length + sharedBytes };
}
