import { Converter } from 'opencc-js/t2cn';
import { stemmer } from 'stemmer';

/**
 * How text becomes search words, the same for what is indexed and what is asked
 * (docs/decisions/038):
 *
 * 1. fold: NFKC (full-width letters, compatibility forms), Traditional to Simplified Chinese
 *    (OpenCC, Taiwan variants included), lower case, Latin accents dropped;
 * 2. words: runs of letters and digits; a run holding Chinese, Japanese, Korean or Thai is cut
 *    into words by `Intl.Segmenter` (locale `zh`, word granularity);
 * 3. English stems: a word of plain a–z letters also stands for its Porter stem, so `writing`
 *    finds `writes`.
 *
 * The engines see only these words, joined by single spaces: SQLite FTS5's unicode61 tokenizer
 * and PostgreSQL's `array_to_tsvector` take them as they are, so both match the same things.
 */

const toSimplified = Converter({ from: 'tw', to: 'cn' });
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** A run of letters, digits and their combining marks: the most a word can be. */
const RUN = /[\p{L}\p{N}\p{M}]+/gu;
/** Scripts written without spaces between words: their runs go through the segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const PLAIN_LATIN = /^[a-z]+$/;

/**
 * The segmenter of Node 20 costs more per character the longer its input (quadratic), and each
 * call has a fixed cost: runs are handed to it in pieces of about this many characters.
 */
const SEGMENT_PIECE = 200;
/** Longer "words" (a hash, a run of digits) are not searched for: PostgreSQL caps a lexeme at 2 kB. */
export const MAX_WORD_LENGTH = 64;
/** At most this many distinct words of one field are indexed (PostgreSQL caps a tsvector at 1 MB). */
export const MAX_FIELD_WORDS = 40_000;

/** Text as the index compares it: see the steps above. */
export function fold(text: string): string {
  return toSimplified(text.normalize('NFKC')).toLowerCase().normalize('NFD').replace(LATIN_ACCENTS, '').normalize('NFC');
}

/** A word of some text and where it stands in it (UTF-16 offsets). */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

/** The words of a text, in order, with their places; no folding (see `fold`). */
export function* wordsAt(text: string): Generator<WordAt> {
  for (const run of text.matchAll(RUN)) {
    const start = run.index;
    const value = run[0];
    if (!UNSPACED.test(value)) {
      yield { word: value, start, end: start + value.length };
      continue;
    }
    yield* segmented(value, start);
  }
}

function* segmented(run: string, offset: number): Generator<WordAt> {
  let from = 0;
  while (from < run.length) {
    const to = Math.min(run.length, from + SEGMENT_PIECE);
    const piece = run.slice(from, to);
    const segments = [...segmenter.segment(piece)];
    // A piece cut short may have cut its last word: that word starts the next piece.
    let last = segments.length;
    if (to < run.length && segments.length > 1) last -= 1;
    for (let i = 0; i < last; i++) {
      const segment = segments[i];
      if (!segment?.isWordLike) continue;
      // A "word" of the segmenter may hold a dot or an apostrophe (3.14, don't): its runs are the words.
      for (const part of segment.segment.matchAll(RUN)) {
        const start = offset + from + segment.index + part.index;
        yield { word: part[0], start, end: start + part[0].length };
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

/**
 * The words to index for a field: its folded words, each English word with its stem as
 * well, each word once, joined by single spaces (what FTS5 and `array_to_tsvector` read).
 */
export function indexWords(text: string): string {
  const words = new Set<string>();
  for (const { word } of wordsAt(fold(text))) {
    if (word.length > MAX_WORD_LENGTH) continue;
    words.add(word);
    words.add(stemOf(word));
    if (words.size >= MAX_FIELD_WORDS) break;
  }
  return [...words].join(' ');
}

/** One word of a query: the form it is looked up by, and for the last one, the prefix typed. */
export interface QueryTerm {
  /** The folded word (the prefix, for the last term). */
  word: string;
  /** Its English stem (the word itself outside plain a–z). */
  stem: string;
  /** The last word of the query also matches any longer word it begins. */
  prefix: boolean;
}

/** A query's words: every one must match (AND); the last one also as a prefix. Empty when it has none. */
export function queryTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const { word } of wordsAt(fold(query))) {
    if (seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words.map((word, i) => ({ word, stem: stemOf(word), prefix: i === words.length - 1 }));
}

/** True when a (folded) word of a text answers the term. */
export function termMatches(term: QueryTerm, word: string): boolean {
  if (word === term.word || stemOf(word) === term.stem) return true;
  return term.prefix && word.startsWith(term.word);
}

const BLOCK_TAGS = /^(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th|thead|tbody|figure|figcaption|section|article|img|iframe|video|audio)$/i;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of (sanitised) article HTML: inline tags vanish (`<b>杭</b>州` stays one word),
 * block tags part words, entities are decoded, white space is collapsed.
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
