import sharp from 'sharp';

/** A real PNG of this size (a colour gradient, so resized copies differ in bytes). */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x ^ y) * 7) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A small file of many pixels: a plain 5000×5001 PNG (about 80 kB, 25,005,000 pixels), just over the limit. */
export function pixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 5000, height: 5001, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
}
