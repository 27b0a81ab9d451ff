import { crc32, inflateRawSync } from 'node:zlib';

/** A file of a zip archive. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The most a bill's archive may unpack to: far above a day's bill, far below a zip bomb. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * The files of a zip archive (Alipay's bill, docs/decisions/070), with node:zlib alone: the central
 * directory read from the end, each file stored or deflated, its CRC-32 checked. Names are UTF-8
 * when the archive says so (flag bit 11), else GBK, as Alipay writes them. Throws on an archive it
 * cannot read. Pure.
 */
export function unzip(archive: Buffer): ZipEntry[] {
  const end = findEndOfDirectory(archive);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central directory');
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const packedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const rawName = archive.subarray(at + 46, at + 46 + nameLength);
    at += 46 + skip;
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'gbk').decode(rawName);
    if (name.endsWith('/')) continue;
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES) throw new Error('zip: unpacks to too much');
    if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error('zip: bad local header');
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const packed = archive.subarray(start, start + packedSize);
    if (packed.length !== packedSize) throw new Error('zip: truncated');
    let data: Buffer;
    if (method === 0) data = Buffer.from(packed);
    else if (method === 8) data = inflate(packed, size, name);
    else throw new Error(`zip: compression method ${method} not supported`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`zip: ${name} does not check (size or CRC-32)`);
    entries.push({ name, data });
  }
  return entries;
}

function findEndOfDirectory(archive: Buffer): number {
  // The end record is 22 bytes, after a comment of at most 65535.
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 65_535); at -= 1) {
    if (archive.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw new Error('zip: not a zip archive');
}

function inflate(packed: Buffer, size: number, name: string): Buffer {
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    throw new Error(`zip: ${name} does not inflate: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
