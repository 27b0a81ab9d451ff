import { IMAGE_QUALITY, scaledSize } from './imageFile';

/** The bytes to upload and the size they show at (null when the browser cannot decode them). */
export interface ScaledImage {
  blob: Blob;
  width: number | null;
  height: number | null;
}

/**
 * The file to upload (browser only): a GIF or an image at most 1080 px wide as it is, a
 * wider one drawn on a 1080 px canvas and encoded in its own type at quality 1.0. A file
 * the browser cannot decode goes as it is (the server judges it).
 */
export async function scaleForUpload(file: File): Promise<ScaledImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { blob: file, width: null, height: null };
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height, file.type);
    const original = { blob: file, width: bitmap.width, height: bitmap.height };
    if (!size) return original;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, IMAGE_QUALITY));
    return blob ? { blob, ...size } : original;
  } finally {
    bitmap.close();
  }
}
