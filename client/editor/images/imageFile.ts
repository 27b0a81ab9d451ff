/** docs/specification/content-and-commerce.md §9: images wider than this are scaled down before upload. */
export const MAX_IMAGE_WIDTH = 1080;
/** docs/specification/content-and-commerce.md §9: the scaled image's quality (canvas `toBlob` quality 1.0). */
export const IMAGE_QUALITY = 1;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
  'image/svg+xml': '.svg',
  'image/avif': '.avif',
};

/**
 * docs/specification/content-and-commerce.md §5: the size an image is uploaded at: GIFs and images at most 1080 px wide
 * unchanged (null); wider ones 1080 px wide with their aspect kept.
 */
export function scaledSize(width: number, height: number, type: string): { width: number; height: number } | null {
  if (type === 'image/gif' || width <= MAX_IMAGE_WIDTH) return null;
  return { width: MAX_IMAGE_WIDTH, height: Math.max(1, Math.round((height * MAX_IMAGE_WIDTH) / width)) };
}

/** The extension of an image, from its type, else from its name (`.png` when neither says). */
export function imageExtension(type: string, name: string): string {
  const known = EXTENSIONS[type.toLowerCase()];
  if (known) return known;
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return match?.[1] ? `.${match[1].toLowerCase()}` : '.png';
}

/** docs/specification/content-and-commerce.md §5: an upload's name is random hex, then `_hd`, then the image's extension. */
export function uploadName(type: string, name: string, randomBytes: (length: number) => Uint8Array = cryptoBytes): string {
  const hex = Array.from(randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex}_hd${imageExtension(type, name)}`;
}

/** Whether a file is an image the editor uploads. */
export function isImageFile(file: Blob): boolean {
  return file.type.startsWith('image/');
}

function cryptoBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}
