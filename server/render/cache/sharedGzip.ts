import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SharedLayout } from './sharedParts';

const deflateRaw = promisify(zlib.deflateRaw);
/** Each piece ends on a byte boundary and leaves the stream open, so pieces compressed apart join into one deflate stream. */
const FIXED_PIECE = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** A reader's small parts (2 kB or so): a small window and state, so the synchronous call allocates little. */
const READER_PIECE = { level: 6, windowBits: 12, memLevel: 5, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** No name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([3, 0]);

/** The fixed parts of a shared page around the reader's two, each compressed once, and the checksum of the first. */
export interface SharedGzip {
  before: Buffer;
  between: Buffer;
  after: Buffer;
  crcBefore: number;
}

/** The layout with the page's fixed parts compressed once. */
export interface SharedParts extends SharedLayout {
  gzip: SharedGzip;
}

/** Compresses the fixed parts at store time, off the main thread (zlib's pool). */
export async function sharedGzipOf(identity: Buffer, layout: SharedLayout): Promise<SharedGzip> {
  const [stateFrom, stateTo] = layout.stateRange;
  const [navFrom, navTo] = layout.navRange;
  const before = identity.subarray(0, stateFrom);
  const [a, b, c] = await Promise.all([
    deflateRaw(before, FIXED_PIECE),
    deflateRaw(identity.subarray(stateTo, navFrom), FIXED_PIECE),
    deflateRaw(identity.subarray(navTo), FIXED_PIECE),
  ]);
  return { before: a, between: b, after: c, crcBefore: zlib.crc32(before) };
}

/**
 * The gzip of a shared page with the reader's snapshot and account part in place: the stored
 * pieces, the reader's two compressed here (a synchronous call each, about 2 kB: no thread-pool
 * round trip), the end block, and the checksum and length of the whole.
 */
export function gzipWithReaderParts(identity: Buffer, layout: SharedLayout, gzip: SharedGzip, state: Buffer, nav: Buffer): Buffer {
  const [, stateTo] = layout.stateRange;
  const [navFrom, navTo] = layout.navRange;
  const between = identity.subarray(stateTo, navFrom);
  const after = identity.subarray(navTo);
  let crc = zlib.crc32(state, gzip.crcBefore);
  crc = zlib.crc32(between, crc);
  crc = zlib.crc32(nav, crc);
  crc = zlib.crc32(after, crc);
  const length = layout.stateRange[0] + state.length + between.length + nav.length + after.length;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    gzip.before,
    zlib.deflateRawSync(state, READER_PIECE),
    gzip.between,
    zlib.deflateRawSync(nav, READER_PIECE),
    gzip.after,
    FINAL_BLOCK,
    trailer,
  ]);
}
