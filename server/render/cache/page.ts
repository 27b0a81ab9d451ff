import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
  /** The author whose page views a served copy counts (article pages). */
  viewsOf: number | null;
  /** When it dies whatever happens: max age, quota reset, an author's membership expiry. */
  expiresAt: number;
  bytes: number;
}

export type PageMeta = Pick<CachedPage, 'keys' | 'viewsOf' | 'expiresAt'>;

/** Compresses once, at store time, off the main thread (zlib's pool): every hit then sends bytes as they are. */
export async function buildCachedPage(html: string, meta: PageMeta): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { identity, gzip: gz, br, etag, ...meta, bytes: identity.length + gz.length + br.length };
}
