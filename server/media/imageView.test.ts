import { describe, expect, it } from 'vitest';
import { parseImageView, viewName } from './imageView';

describe('parseImageView', () => {
  it('reads the rule the site writes, and Qiniu’s other parts', () => {
    expect(parseImageView('imageView2/2/w/640/q/89/format/webp')).toEqual({ mode: 2, width: 640, quality: 89, format: 'webp' });
    expect(parseImageView('v=1&imageView2/2/h/300')).toEqual({ mode: 2, height: 300 });
    expect(parseImageView('imageView2/1/w/160/h/90/format/JPG')).toEqual({ mode: 1, width: 160, height: 90, format: 'jpeg' });
  });

  it('is null without a view and invalid for anything malformed or out of bounds', () => {
    expect(parseImageView('')).toBeNull();
    expect(parseImageView('w=100')).toBeNull();
    for (const bad of [
      'imageView2/3/w/100',
      'imageView2/2/w/0',
      'imageView2/2/w/3841',
      'imageView2/2/q/0',
      'imageView2/2/x/1',
      'imageView2/2/w',
      'imageView2/2/format/tiff',
      'imageView2/1/w/100',
      'imageView2/2/w/1e3',
    ]) {
      expect(parseImageView(bad), bad).toBe('invalid');
    }
  });

  it('names a rendering the same way every time', () => {
    expect(viewName({ mode: 2, width: 640, quality: 89 }, 'webp')).toBe('m2-w640-h0-q89.webp');
    expect(viewName({ mode: 1, width: 160, height: 160 }, 'jpeg')).toBe('m1-w160-h160-q0.jpg');
  });
});
