import { createHash } from 'node:crypto';
import { urlSafeBase64 } from './uploadToken';

const BLOCK = 4 * 1024 * 1024;

/**
 * Qiniu's file hash (its `etag`, the `hash` of an upload's answer): SHA-1 of the file when
 * it fits one 4 MB block, else SHA-1 of the blocks' SHA-1s, behind a marker byte.
 */
export function qetag(bytes: Buffer): string {
  const sha1 = (data: Buffer) => createHash('sha1').update(data).digest();
  if (bytes.length <= BLOCK) return urlSafeBase64(Buffer.concat([Buffer.from([0x16]), sha1(bytes)]));
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += BLOCK) blocks.push(sha1(bytes.subarray(offset, offset + BLOCK)));
  return urlSafeBase64(Buffer.concat([Buffer.from([0x96]), sha1(Buffer.concat(blocks))]));
}
