import { Converter } from 'opencc-js/t2cn';
import type { QueryTerm } from './query';
import { stemOf } from './text';

/**
 * Snippets and marks (docs/decisions/038). Matches are found by string search in a folded copy of
 * the text that keeps every character in its place (`foldInPlace`), not by cutting it into words
 * again: the segmenter costs several microseconds a character, too slow for ten results a query.
 * A Latin or digit term marks whole words that begin with it and answer it (same word, same English
 * stem, or the prefix typed); a Chinese (or other unspaced) term marks each place it stands.
 */

/** About how many characters a snippet shows, and how many of them come before the first match. */
export const SNIPPET_LENGTH = 140;
const LEAD = 30;
/** Long texts are folded a piece at a time while looking for the first match. */
const LOOK_PIECE = 2000;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const SPACED = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u;
const SPACED_CHAR = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u;

const toSimplified = Converter({ from: 'tw', to: 'cn' });

/**
 * A whole short text (a title, a name) as HTML: every character escaped, the words that
 * answer the query inside `<mark>`.
 */
export function highlighted(text: string, terms: readonly QueryTerm[]): string {
  return marked(text, 0, text.length, terms);
}

/**
 * About `SNIPPET_LENGTH` characters of a longer text as HTML, escaped, matches in `<mark>`,
 * an ellipsis where it was cut. It starts a little before the first match, or at the
 * beginning when `fromStart` (the title answered the query already) or nothing matches.
 */
export function snippet(text: string, terms: readonly QueryTerm[], fromStart = false): string {
  if (text === '') return '';
  const hit = fromStart ? -1 : firstHit(text, terms);
  const start = wordStart(text, hit > LEAD ? hit - LEAD : 0);
  const end = wordEnd(text, Math.min(text.length, start + SNIPPET_LENGTH));
  return `${start > 0 ? '…' : ''}${marked(text, start, end, terms)}${end < text.length ? '…' : ''}`;
}

/**
 * Text folded as the index folds it (Traditional to Simplified, lower case, full-width to
 * ASCII, Latin accents dropped), each character kept in its place: same length, same offsets.
 */
export function foldInPlace(text: string): string {
  let simplified = toSimplified(text);
  // OpenCC maps a few phrases to ones of another length: then character by character.
  if (simplified.length !== text.length) simplified = Array.from(text, (char) => sameLength(char, toSimplified(char))).join('');
  let lower = simplified.toLowerCase();
  if (lower.length !== simplified.length) lower = Array.from(simplified, (char) => sameLength(char, char.toLowerCase())).join('');
  return lower
    .replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0).toLowerCase())
    .replace(/[\u00c0-\u024f\u1e00-\u1eff]/g, plainLatin);
}

function sameLength(char: string, folded: string): string {
  return folded.length === char.length ? folded : char;
}

function plainLatin(char: string): string {
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return base.length === 1 ? base : char;
}

/** HTML of `text[start, end)` with the matches marked (overlapping or touching ones in one mark). */
function marked(text: string, start: number, end: number, terms: readonly QueryTerm[]): string {
  const window = text.slice(start, end);
  const ranges = mergeRanges(terms.length > 0 ? matchRanges(foldInPlace(window), terms) : []);
  let html = '';
  let at = 0;
  for (const [from, to] of ranges) {
    html += `${escapeHtml(window.slice(at, from))}<mark>${escapeHtml(window.slice(from, to))}</mark>`;
    at = to;
  }
  return html + escapeHtml(window.slice(at));
}

function matchRanges(folded: string, terms: readonly QueryTerm[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!SPACED.test(term.word)) {
      for (let at = folded.indexOf(term.word); at >= 0; at = folded.indexOf(term.word, at + term.word.length)) ranges.push([at, at + term.word.length]);
      continue;
    }
    // Words of the same stem begin with the stem less the e or i Porter may add (writing: write; happy: happi).
    const root = term.stem.length > 3 ? term.stem.replace(/[ei]$/, '') : term.stem;
    const needles = term.word.startsWith(root) ? [root] : [term.word, root];
    for (const needle of needles) {
      for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + 1)) {
        if (at > 0 && WORD_CHAR.test(folded.charAt(at - 1))) continue;
        let to = at + needle.length;
        while (to < folded.length && WORD_CHAR.test(folded.charAt(to))) to += 1;
        const word = folded.slice(at, to);
        if (word === term.word || stemOf(word) === term.stem || (term.prefix && word.startsWith(term.word))) ranges.push([at, to]);
      }
    }
  }
  return ranges;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Where the first match is; -1 when none is seen. */
function firstHit(text: string, terms: readonly QueryTerm[]): number {
  for (let at = 0; at < text.length; at += LOOK_PIECE) {
    const piece = text.slice(at, at + LOOK_PIECE);
    // Most texts are in Simplified script already: lower case is a cheaper first look than OpenCC.
    const lower = piece.toLowerCase();
    let ranges = lower.length === piece.length ? matchRanges(lower, terms) : [];
    if (ranges.length === 0) ranges = matchRanges(foldInPlace(piece), terms);
    if (ranges.length > 0) return at + Math.min(...ranges.map(([from]) => from));
  }
  return -1;
}

/** A window start that does not cut a spaced word or a surrogate pair. */
function wordStart(text: string, start: number): number {
  if (start <= 0) return 0;
  let at = start;
  if (isLowSurrogate(text.charCodeAt(at))) at += 1;
  // Inside a spaced word: move on to its end (at most 20 characters).
  for (let moved = 0; moved < 20 && at < text.length && isSpacedChar(text, at) && isSpacedChar(text, at - 1); moved++) at += 1;
  while (at < text.length && /\s/.test(text.charAt(at))) at += 1;
  return at;
}

/** A window end that does not cut a spaced word or a surrogate pair. */
function wordEnd(text: string, end: number): number {
  if (end >= text.length) return text.length;
  let at = end;
  if (isLowSurrogate(text.charCodeAt(at))) at -= 1;
  for (let moved = 0; moved < 20 && at > 0 && isSpacedChar(text, at) && isSpacedChar(text, at - 1); moved++) at -= 1;
  while (at > 0 && /\s/.test(text.charAt(at - 1))) at -= 1;
  return at;
}

function isSpacedChar(text: string, at: number): boolean {
  return SPACED_CHAR.test(text.charAt(at));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: `&`, `<`, `>`, `"` and `'` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
