import { describe, expect, it } from 'vitest';
import { mediaImageUrl, VARIANT_WIDTHS } from '../../shared/mediaImage';
import { parseImageView, type ImageView } from './imageView';
import { isVariant, variantFor, variantRule } from './variants';

const view = (query: string): ImageView => {
  const parsed = parseImageView(query);
  if (parsed === null || parsed === 'invalid') throw new Error(`not a view: ${query}`);
  return parsed;
};

describe('image variants (docs/decisions/062)', () => {
  it('are exactly the views the client writes', () => {
    for (const width of [1, 300, 1000, 4000]) {
      for (const webp of [true, false]) {
        const url = new URL(mediaImageUrl('https://m.example/a.png', { width, webp, hosts: ['m.example'] }));
        expect(isVariant(view(url.search.slice(1)))).toBe(true);
      }
    }
    for (const other of [
      'imageView2/2/w/333/q/89',
      'imageView2/2/w/320',
      'imageView2/2/w/320/q/70',
      'imageView2/2/w/320/h/320/q/89',
      'imageView2/1/w/320/h/320/q/89',
      'imageView2/2/w/320/q/89/format/jpg',
    ]) {
      expect(isVariant(view(other)), other).toBe(false);
    }
  });

  it('answer any other view at the next kept width, in webp or the original format', () => {
    expect(variantRule(variantFor(view('imageView2/2/w/333')))).toBe('imageView2/2/w/480/q/89');
    expect(variantRule(variantFor(view('imageView2/1/w/100/h/50/format/webp')))).toBe('imageView2/2/w/160/q/89/format/webp');
    expect(variantRule(variantFor(view('imageView2/2/h/300/format/png')))).toBe('imageView2/2/w/1920/q/89');
    expect(variantRule(variantFor(view('imageView2/2/w/3840')))).toBe('imageView2/2/w/1920/q/89');
    for (const width of VARIANT_WIDTHS) expect(isVariant(variantFor(view(`imageView2/2/w/${width - 1}`)))).toBe(true);
  });
});
