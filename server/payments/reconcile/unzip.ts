import { unzipSync } from 'fflate';

/** A file of a zip archive. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The most a bill's archive may unpack to: far above a day's bill, far below a zip bomb. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * The files of a zip archive (Alipay's bill, docs/decisions/070), read by fflate. Names are UTF-8
 * when the archive says so, else GBK, as Alipay writes them (fflate hands those over as latin1,
 * byte for byte). The archive's declared sizes are summed before anything is inflated, and each
 * file must inflate to its declared size. Throws `zip: …` on an archive it cannot read. Pure.
 */
export function unzip(archive: Buffer): ZipEntry[] {
  let declared = 0;
  let unpacked: Record<string, Uint8Array>;
  const sizes = new Map<string, number>();
  try {
    unpacked = unzipSync(archive, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > MAX_UNPACKED_BYTES) throw new Error('unpacks to too much');
        sizes.set(file.name, file.originalSize);
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    throw new Error(`zip: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return Object.entries(unpacked).map(([rawName, data]) => {
    if (data.length !== sizes.get(rawName)) throw new Error(`zip: ${rawName} does not inflate to its size`);
    return { name: fileName(rawName), data: Buffer.from(data) };
  });
}

/**
 * A name as the archive means it: fflate decodes names flagged UTF-8 itself and hands the others
 * over as latin1, one char a byte. A name with no char above U+00FF is read again as GBK bytes
 * (ASCII reads the same either way; a UTF-8 name of Latin-1 letters alone would not, and no bill has one).
 */
function fileName(decoded: string): string {
  return /[^\u0000-\u00ff]/.test(decoded) ? decoded : new TextDecoder('gbk').decode(Buffer.from(decoded, 'latin1'));
}
