import { PRINT_CJK_FAMILY } from './cjkFontFaces';

/**
 * The page's own styles for print: the reader's article rules (client/styles/article.css) that
 * the theme sheets build on, with their tokens, on A4 paper. Backgrounds are a screen
 * decoration and stay off the paper (docs/decisions/020).
 */
export const PRINT_STYLES = `
@page { size: A4; }
:root {
  --ink: #1d1f23;
  --ink-soft: #5b616b;
  --accent: #c2410c;
  --line: #e6e2da;
  --font: -apple-system, 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'Noto Sans CJK TC', 'Noto Sans CJK JP', sans-serif;
}
html:lang(zh-TW) { --font: -apple-system, 'Helvetica Neue', Arial, 'Noto Sans CJK TC', 'Noto Sans CJK SC', sans-serif; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; }
body { color: var(--ink); font-family: var(--font); -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.article { width: 100%; padding: 0; color: var(--article-ink, var(--ink)); }
.article__sheet { max-width: none; margin: 0; font-family: var(--article-font, var(--font)); }
.article__header { break-inside: avoid; }
.article__title { margin: 0 0 12px; font-size: 30px; line-height: 1.3; }
.article__byline { margin: 0 0 24px; color: var(--article-soft, var(--ink-soft)); font-size: 13px; }
.article__author { color: var(--article-ink, var(--ink)); font-weight: 600; }
.article__cover { display: block; width: 100%; height: auto; margin: 0 0 24px; border-radius: 6px; }
.article__content { font-size: 15px; line-height: var(--article-leading, 1.85); text-align: justify; overflow-wrap: anywhere; }
.article__content:lang(en) { hyphens: auto; }
.article__content p { margin: 0 0 1.1em; orphans: 2; widows: 2; }
.article__content a { color: var(--article-accent, var(--accent)); }
.article__content h1, .article__content h2, .article__content h3, .article__content h4 { margin: 1.5em 0 0.6em; line-height: 1.4; break-after: avoid; }
.article__content blockquote { margin: 1.4em 0; padding: 0.4em 1.2em; border-left: 3px solid var(--article-rule, var(--line)); color: var(--article-soft, var(--ink-soft)); }
.article__content pre { white-space: pre-wrap; padding: 12px 14px; border-radius: 6px; background: rgba(0, 0, 0, 0.05); font-size: 12px; line-height: 1.6; }
.article__content table { border-collapse: collapse; max-width: 100%; }
.article__content th, .article__content td { padding: 6px 10px; border: 1px solid var(--article-rule, var(--line)); }
.article__content figure { margin: 1.4em 0; break-inside: avoid; }
.article__content figcaption { color: var(--article-soft, var(--ink-soft)); font-size: 12px; text-align: center; }
.article__content img { display: block; max-width: 100%; height: auto; margin: 1.4em auto; border-radius: 6px; break-inside: avoid; }
`;

/**
 * After the theme's sheet: on paper the page is the sheet, so the screen card (frame,
 * shadow, padding) and the page padding go; typography and colours stay the theme's.
 */
export const PRINT_OVERRIDES = `
main.article { padding: 0; background: none; }
main.article .article__sheet { max-width: none; margin: 0; padding: 0; border: 0; outline: 0; border-radius: 0; box-shadow: none; background: none; }
main.article .article__sheet { font-family: '${PRINT_CJK_FAMILY}', var(--article-font, var(--font)); }
`;
