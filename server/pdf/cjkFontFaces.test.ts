import { describe, expect, it } from 'vitest';
import { cjkFontFaces, PRINT_CJK_FAMILY } from './cjkFontFaces';
import { PRINT_OVERRIDES } from './printStyles';

describe('cjkFontFaces', () => {
  const css = cjkFontFaces();
  it('names the self-hosted Noto Serif SC slices under the print family, served from /fonts/', () => {
    expect(css).toContain(`font-family: '${PRINT_CJK_FAMILY}'`);
    expect(css).not.toContain("'Noto Serif SC'");
    expect(css).toMatch(/url\(\/fonts\/noto-serif-sc\/files\/noto-serif-sc-\d+-400-normal\.woff2\)/);
    expect(css).toMatch(/url\(\/fonts\/noto-serif-sc\/files\/noto-serif-sc-\d+-700-normal\.woff2\)/);
    expect(css).not.toContain('./files/');
  });
  it('covers the common Han characters and leaves Latin text to the theme', () => {
    // 的 (U+7684) and 湖 (U+6E56) are in some slice; A (U+0041) in none.
    const ranges = Array.from(css.matchAll(/unicode-range:([^;]+);/g), (m) => m[1] ?? '').flatMap((list) => list.split(','));
    const covers = (code: number) =>
      ranges.some((range) => {
        const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
        const start = parseInt(from ?? '', 16);
        return code >= start && code <= (to ? parseInt(to, 16) : start);
      });
    expect(covers(0x7684)).toBe(true);
    expect(covers(0x6e56)).toBe(true);
    expect(covers(0x41)).toBe(false);
  });
  it('is put first on the printed sheet', () => {
    expect(PRINT_OVERRIDES).toContain(`font-family: '${PRINT_CJK_FAMILY}', var(--article-font`);
  });
});
