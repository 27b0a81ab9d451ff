import { Converter } from 'opencc-js/t2cn';
import { stemmer } from 'stemmer';

/**
 * Text as search compares it, the same for what is indexed and what is asked
 * (docs/decisions/055, which replaces the word cutting of docs/decisions/038):
 *
 * 1. fold: NFKC (full-width letters and punctuation, compatibility forms), Traditional to
 *    Simplified Chinese (OpenCC, Taiwan variants included), lower case, Latin accents dropped;
 * 2. pieces: runs of letters, digits and marks; inside a run, the characters of Chinese,
 *    Japanese and Korean scripts form pieces of their own (searched by substring, through
 *    bigrams: server/search/tokens.ts), and the rest are words. Thai, Lao, Khmer and Myanmar
 *    runs are cut into words by `Intl.Segmenter`;
 * 3. English stems: a word of plain a–z letters also stands for its Porter stem.
 *
 * Anything else (spaces, punctuation) parts pieces: a Chinese query is found only where its
 * characters stand side by side, within one run of the text.
 */

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** A run of letters, digits and their combining marks: the most a piece can be. */
const RUN = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts searched by substring (bigrams); inside a run they part from the rest. */
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Bopomofo}';
const CJK_SPLIT = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, 'gu');
const CJK_START = new RegExp(`^[${CJK_CLASS}]`, 'u');
/** Scripts written without spaces that are not searched by substring: cut by the segmenter. */
const SEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const ACCENTED = /[\u00c0-\u1fff]/;
const PLAIN_LATIN = /^[a-z]+$/;
const CJK_OR_LATER = /[\u2e80-\uffff]/;

/** The segmenter of Node 20 costs more per character the longer its input: runs go to it in pieces of about this many characters. */
const SEGMENT_PIECE = 200;
/** Longer words (a hash, a run of digits) are not searched for: PostgreSQL caps a lexeme at 2 kB. */
export const MAX_WORD_LENGTH = 64;

/** Text as the index compares it: see the steps above. */
export function fold(text: string): string {
  const normal = text.normalize('NFKC');
  // OpenCC's tables hold Chinese characters only (all from U+2E80 on): text without any skips its walk, character by character, through them.
  const lower = (CJK_OR_LATER.test(normal) ? toSimplified(normal) : normal).toLowerCase();
  // Only letters of these blocks (Latin, Greek, Cyrillic…) decompose into accents: elsewhere (Chinese) the two normalisations are skipped.
  return ACCENTED.test(lower) ? lower.normalize('NFD').replace(LATIN_ACCENTS, '').normalize('NFC') : lower;
}

/** A piece of (folded) text and where it stands in it (UTF-16 offsets). */
export interface Piece {
  text: string;
  start: number;
  end: number;
  /** Chinese, Japanese or Korean characters, searched by substring; else a word. */
  cjk: boolean;
}

/** The pieces of a text, in order, with their places; no folding (see `fold`). */
export function* piecesOf(text: string): Generator<Piece> {
  for (const run of text.matchAll(RUN)) {
    for (const part of run[0].matchAll(CJK_SPLIT)) {
      const start = run.index + part.index;
      const value = part[0];
      if (CJK_START.test(value)) yield { text: value, start, end: start + value.length, cjk: true };
      else if (SEGMENTED.test(value)) yield* segmented(value, start);
      else yield { text: value, start, end: start + value.length, cjk: false };
    }
  }
}

function* segmented(run: string, offset: number): Generator<Piece> {
  let from = 0;
  while (from < run.length) {
    const to = Math.min(run.length, from + SEGMENT_PIECE);
    const segments = [...segmenter.segment(run.slice(from, to))];
    // A piece cut short may have cut its last word: that word starts the next piece.
    let last = segments.length;
    if (to < run.length && segments.length > 1) last -= 1;
    for (let i = 0; i < last; i++) {
      const segment = segments[i];
      if (!segment?.isWordLike) continue;
      for (const part of segment.segment.matchAll(RUN)) {
        const start = offset + from + segment.index + part.index;
        yield { text: part[0], start, end: start + part[0].length, cjk: false };
      }
    }
    const next = segments[last];
    from = next && last < segments.length ? from + next.index : to;
  }
}

/** The English stem a plain a–z word also stands for, or the word itself. */
export function stemOf(word: string): string {
  return PLAIN_LATIN.test(word) ? stemmer(word) : word;
}

const BLOCK_TAGS = /^(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th|thead|tbody|figure|figcaption|section|article|img|iframe|video|audio)$/i;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of (sanitised) article HTML: inline tags vanish (`<b>杭</b>州` stays one run),
 * block tags part runs, entities are decoded, white space is collapsed.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag: string, name: string) => (BLOCK_TAGS.test(name) ? ' ' : ''))
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntity(whole: string, name: string): string {
  const lower = name.toLowerCase();
  const named = ENTITIES[lower];
  if (named !== undefined) return named;
  if (!lower.startsWith('#')) return whole;
  const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}
