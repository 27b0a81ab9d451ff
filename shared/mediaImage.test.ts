import { describe, expect, it } from 'vitest';
import { isNearViewport, isOnMediaHost, mediaImageUrl, shouldPrefetch, VARIANT_WIDTHS, variantWidth } from './mediaImage';

const hosts = ['media.zine.example'];

describe('mediaImageUrl', () => {
  it('resizes media-host images at quality 89, webp when the browser takes it', () => {
    expect(mediaImageUrl('https://media.zine.example/a/b.jpg', { width: 700, webp: true, hosts })).toBe(
      'https://media.zine.example/a/b.jpg?imageView2/2/w/800/q/89/format/webp',
    );
    expect(mediaImageUrl('https://media.zine.example/a/b.jpg', { width: 700, webp: false, hosts })).toBe(
      'https://media.zine.example/a/b.jpg?imageView2/2/w/800/q/89',
    );
  });

  it('counts the pixel ratio (at most 3), rounds up to 160 px steps, and stops at 1920', () => {
    const width = (w: number, pixelRatio: number) =>
      /\/w\/(\d+)\//.exec(mediaImageUrl('https://media.zine.example/x.png', { width: w, pixelRatio, webp: false, hosts }))?.[1];
    expect(width(375, 2)).toBe('800');
    expect(width(160, 1)).toBe('160');
    expect(width(161, 1)).toBe('320');
    expect(width(1000, 5)).toBe('1920');
    expect(width(0, 1)).toBe('160');
  });

  it('asks only for the widths the media host keeps (docs/decisions/062)', () => {
    for (let wanted = 0; wanted <= 2500; wanted += 7) expect(VARIANT_WIDTHS).toContain(variantWidth(wanted));
    expect(variantWidth(333)).toBe(480);
    expect(variantWidth(1920)).toBe(1920);
    expect(variantWidth(3000)).toBe(1920);
  });

  it('keeps an existing query and the fragment', () => {
    expect(mediaImageUrl('https://media.zine.example/x.png?v=2#top', { width: 100, webp: false, hosts })).toBe(
      'https://media.zine.example/x.png?v=2&imageView2/2/w/160/q/89#top',
    );
  });

  it('leaves other hosts, relative and data URLs, and already-sized images alone', () => {
    for (const src of [
      'https://elsewhere.example/x.png',
      '/images/promo-en.svg',
      'data:image/png;base64,AAAA',
      'https://media.zine.example/x.png?imageView2/2/w/320',
      'not a url',
    ]) {
      expect(mediaImageUrl(src, { width: 500, webp: true, hosts })).toBe(src);
    }
  });
});

describe('isNearViewport', () => {
  it('is true from 50 px before the viewport until 50 px after it', () => {
    expect(isNearViewport({ top: 849, bottom: 1200 }, 800)).toBe(true);
    expect(isNearViewport({ top: 850, bottom: 1200 }, 800)).toBe(false);
    expect(isNearViewport({ top: -300, bottom: -49 }, 800)).toBe(true);
    expect(isNearViewport({ top: -300, bottom: -50 }, 800)).toBe(false);
  });
});

describe('shouldPrefetch', () => {
  it('skips 2g and the data saver, and prefetches when the browser does not say', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('isOnMediaHost', () => {
  it('knows the media host’s images by host name, and nothing else', () => {
    expect(isOnMediaHost('https://media.example.com/abc_hd.png', ['media.example.com'])).toBe(true);
    expect(isOnMediaHost('https://cdn.example.com/abc_hd.png', ['media.example.com'])).toBe(false);
    expect(isOnMediaHost('/media/abc_hd.png', ['media.example.com'])).toBe(false);
    expect(isOnMediaHost('data:image/png;base64,AAAA', ['media.example.com'])).toBe(false);
    expect(isOnMediaHost('https://media.example.com/x.png', [])).toBe(false);
  });
});
