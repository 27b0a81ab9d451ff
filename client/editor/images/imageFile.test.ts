import { describe, expect, it } from 'vitest';
import { imageExtension, MAX_IMAGE_WIDTH, scaledSize, uploadName } from './imageFile';

describe('scaledSize (docs/specification/content-and-commerce.md §5)', () => {
  it('scales images wider than 1080 px to 1080 px, keeping the aspect', () => {
    expect(scaledSize(2160, 1440, 'image/jpeg')).toEqual({ width: MAX_IMAGE_WIDTH, height: 720 });
    expect(scaledSize(1081, 1000, 'image/png')).toEqual({ width: 1080, height: 999 });
    expect(scaledSize(4000, 1, 'image/webp')).toEqual({ width: 1080, height: 1 });
  });

  it('leaves GIFs and images at most 1080 px wide alone', () => {
    expect(scaledSize(4000, 3000, 'image/gif')).toBeNull();
    expect(scaledSize(1080, 5000, 'image/jpeg')).toBeNull();
    expect(scaledSize(300, 200, 'image/png')).toBeNull();
  });
});

describe('uploadName (docs/specification/content-and-commerce.md §5)', () => {
  it('is random hex, then _hd, then the extension', () => {
    expect(uploadName('image/jpeg', 'IMG_1.JPG', (n) => new Uint8Array(n).fill(15))).toBe(`${'0f'.repeat(16)}_hd.jpg`);
    expect(uploadName('image/gif', 'cat.gif')).toMatch(/^[0-9a-f]{32}_hd\.gif$/);
    expect(uploadName('image/png', 'a.png')).not.toBe(uploadName('image/png', 'a.png'));
  });

  it('takes the extension from the type, else the name, else png', () => {
    expect(imageExtension('image/webp', 'x.png')).toBe('.webp');
    expect(imageExtension('', 'photo.HEIC')).toBe('.heic');
    expect(imageExtension('', 'no-extension')).toBe('.png');
  });
});
