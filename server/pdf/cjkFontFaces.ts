import fs from 'node:fs';
import path from 'node:path';

/** The family the printed page puts first: CJK glyphs only, so Latin text keeps the theme's fonts. */
export const PRINT_CJK_FAMILY = 'Zine Print CJK';

const PACKAGE = 'noto-serif-sc';
const WEIGHTS = [400, 700] as const;
/** Where the CJK blocks of Unicode begin (radicals, then punctuation, kana, Han, full-width forms). */
const CJK_START = 0x2e80;

let cached: string | null = null;

/**
 * @font-face rules for the self-hosted Noto Serif SC (the @fontsource package the site already
 * serves at /fonts/noto-serif-sc/), under PRINT_CJK_FAMILY and without its Latin subsets: a PDF
 * of a Chinese article has its glyphs whatever fonts the machine has (docs/decisions/030).
 * Chromium fetches only the slices of the characters the article uses.
 */
export function cjkFontFaces(nodeModulesDir = path.resolve('node_modules')): string {
  cached ??= WEIGHTS.map((weight) => facesOf(fs.readFileSync(path.join(nodeModulesDir, '@fontsource', PACKAGE, `${weight}.css`), 'utf8'))).join('\n');
  return cached;
}

/**
 * The package's blocks, each a comment and one @font-face, renamed, pointed at /fonts/ and cut
 * to the CJK part of their unicode-range (some slices also carry ASCII); Latin-only ones go.
 */
function facesOf(css: string): string {
  return css
    .split(/\n(?=\/\* )/)
    .flatMap((block) => {
      const ranges = cjkRanges(/unicode-range:([^;]+);/.exec(block)?.[1] ?? '');
      if (!block.includes('@font-face') || ranges.length === 0) return [];
      return [
        block
          .replace(/font-family:\s*'Noto Serif SC'/, `font-family: '${PRINT_CJK_FAMILY}'`)
          .replace(/url\(\.\/files\//g, `url(/fonts/${PACKAGE}/files/`)
          .replace(/font-display:\s*swap;/, 'font-display: block;')
          .replace(/unicode-range:[^;]+;/, `unicode-range: ${ranges.join(',')};`),
      ];
    })
    .join('\n');
}

/** `U+20-22,U+3001-3002` without what lies below CJK_START. */
function cjkRanges(list: string): string[] {
  return list.split(',').flatMap((range) => {
    const [from = '', to] = range.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from, 16);
    const end = to === undefined ? start : parseInt(to, 16);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < CJK_START) return [];
    const first = Math.max(start, CJK_START);
    return [first === end ? `U+${hex(first)}` : `U+${hex(first)}-${hex(end)}`];
  });
}

function hex(code: number): string {
  return code.toString(16);
}
