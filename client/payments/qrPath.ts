import { encode } from 'uqr';

/** A QR code as one SVG path: `size` modules square (the quiet zone included), one unit square per dark module. */
export interface QrDrawing {
  size: number;
  path: string;
}

/** The quiet zone around the code, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;

/** Encodes `text` (medium error correction) and draws its dark modules as a path, each row's runs merged. */
export function qrDrawing(text: string): QrDrawing {
  const { size, data } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size, path: parts.join('') };
}
