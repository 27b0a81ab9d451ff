import { IMAGE_QUALITY, scaledSize } from './imageFile';

/**
 * The file to upload (browser only): a GIF or an image at most 1080 px wide as it is, a
 * wider one drawn on a 1080 px canvas and encoded in its own type at quality 1.0. A file
 * the browser cannot decode goes as it is (the server judges it).
 */
export async function scaleForUpload(file: File): Promise<Blob> {
  if (file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height, file.type);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, IMAGE_QUALITY));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
