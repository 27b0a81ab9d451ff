/**
 * Article addresses (docs/decisions/067-booklets-in-lists-and-readable-slugs.md): a published
 * article's slug is read from its title. Latin letters are folded to ASCII, other scripts
 * (Chinese above all) are kept as they are, percent-encoded on the wire.
 */

/** Longest slug in code points (the column is varchar(64)). */
export const ARTICLE_SLUG_MAX = 64;
/** The title's part: room left for a "-NNN" suffix that keeps slugs unique. */
export const TITLE_SLUG_MAX = 48;

/** What an article slug looks like: letters and digits of any script, and hyphens. */
export const ARTICLE_SLUG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,63}$/u;

/** Words a slug never is alone: they name pages or read as something else in an address. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'article',
  'articles',
  'booklet',
  'edit',
  'editor',
  'end',
  'feed',
  'index',
  'new',
  'null',
  'public',
  'review',
  'rss',
  'trash',
  'undefined',
]);

/** Latin letters NFKD does not take apart. */
const LATIN_FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** The title as a slug's stem: lower case, Latin folded to ASCII, any other run of characters one hyphen; '' when nothing is left. */
export function slugFromTitle(title: string): string {
  const folded = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => LATIN_FOLDS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(folded).slice(0, TITLE_SLUG_MAX).join('').replace(/-+$/, '');
}

/** The n-th candidate for a stem (1: the stem itself, then stem-2, stem-3…); a reserved stem starts at -2. */
export function slugCandidate(stem: string, n: number): string {
  return n === 1 ? stem : `${stem}-${n}`;
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}
