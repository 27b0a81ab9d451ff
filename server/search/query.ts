import type { SearchType } from '../../shared/search';
import type { Engine } from '../db/engine';
import { fold, MAX_WORD_LENGTH, piecesOf, stemOf } from './text';
import { runBigrams, runTokens } from './tokens';

/**
 * A reader's query in each engine's syntax (docs/decisions/055). Every term must match (AND):
 * a run of Chinese characters where its characters stand side by side (a phrase of its bigrams;
 * one character by the prefix of a token, server/search/tokens.ts), any other word by its
 * English stem, the last one also as the prefix typed. Every token is quoted, so nothing a
 * reader types is ever syntax.
 */

/** One term of a query. */
export interface QueryTerm {
  /** The folded run or word (the prefix, for the last word). */
  word: string;
  /** Its English stem (the word itself outside plain a–z and for Chinese). */
  stem: string;
  /** The last word of the query also matches any longer word it begins (never a Chinese run: those match anywhere). */
  prefix: boolean;
  /** A run of Chinese, Japanese or Korean characters, found as a substring. */
  cjk: boolean;
}

/** A query's terms, each once, in order; empty when it has none (`!!!`). */
export function queryTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const pieces: { word: string; cjk: boolean }[] = [];
  for (const piece of piecesOf(fold(query))) {
    if ((!piece.cjk && piece.text.length > MAX_WORD_LENGTH) || seen.has(piece.text)) continue;
    seen.add(piece.text);
    pieces.push({ word: piece.text, cjk: piece.cjk });
  }
  return pieces.map(({ word, cjk }, i) => ({ word, stem: cjk ? word : stemOf(word), prefix: !cjk && i === pieces.length - 1, cjk }));
}

/** The tag token of a document's kind, in the `tags` field of the index. */
export function kindTag(kind: SearchType): string {
  return `\ue001${kind}`;
}

/** The tag token of a document's owner (hidden owners' documents are left out of a count on SQLite: server/search/rank.ts). */
export function ownerTag(ownerId: number): string {
  return `\ue002${ownerId}`;
}

/** Which fields a condition looks at: all of them, or the title and the author's name. */
export type Fields = 'all' | 'title';

/** Every term (AND), in the engine's syntax; with `type`, documents of that kind only. */
export function matchQuery(engine: Engine, terms: readonly QueryTerm[], fields: Fields, type?: SearchType): string {
  return engine === 'sqlite' ? ftsMatch(terms, fields, type) : tsMatch(terms, fields, type);
}

/**
 * The whole query as one phrase: its terms side by side, in order, as typed (`春风 江南` finds
 * "春风，江南" and "春风 江南" but not the two apart). Null for a query of one term, where every
 * match is exact already.
 */
export function phraseQuery(engine: Engine, terms: readonly QueryTerm[]): string | null {
  if (terms.length < 2) return null;
  const tokens: string[] = [];
  let prefix = false;
  terms.forEach((term, i) => {
    const last = i === terms.length - 1;
    if (!term.cjk) tokens.push(term.word);
    else if (!last) runTokens(term.word, tokens);
    else if ([...term.word].length > 1) tokens.push(...runBigrams(term.word));
    else tokens.push(term.word);
    prefix = last && (term.prefix || (term.cjk && [...term.word].length === 1));
  });
  if (engine === 'sqlite') return `${ftsQuote(tokens.join(' '))}${prefix ? ' *' : ''}`;
  return tokens.map((token, i) => `${tsQuote(token)}${prefix && i === tokens.length - 1 ? ':*' : ''}`).join(' <-> ');
}

// SQLite FTS5: `"杭州" AND "西湖 湖边" AND ("writing" * OR "write")`, columns title, body, author, tags.

function ftsMatch(terms: readonly QueryTerm[], fields: Fields, type?: SearchType): string {
  const all = terms.map(ftsTerm).join(' AND ');
  // Every field but `tags`, whose tokens begin with a private-use character no query term holds (piecesOf()
  // keeps letters, digits and marks only): no column filter, which would make FTS5 read every match's
  // positions (a common word's count on 300,000 documents: 75–96 ms with it, 20–25 without).
  const scoped = fields === 'title' ? `{title author} : (${all})` : `(${all})`;
  return type ? `${scoped} AND {tags} : ${ftsQuote(kindTag(type))}` : scoped;
}

function ftsTerm(term: QueryTerm): string {
  if (term.cjk) {
    const bigrams = runBigrams(term.word);
    return bigrams.length > 0 ? ftsQuote(bigrams.join(' ')) : `${ftsQuote(term.word)} *`;
  }
  return term.prefix ? `(${ftsQuote(term.word)} * OR ${ftsQuote(term.stem)})` : ftsQuote(term.stem);
}

function ftsQuote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// PostgreSQL tsquery: `'杭州' & ( '西湖' <-> '湖边' ) & ( 'writing':* | 'write' )`; the title and author
// carry weights A and B (server/search/vector.ts), so `:AB` keeps a lexeme to them.

function tsMatch(terms: readonly QueryTerm[], fields: Fields, type?: SearchType): string {
  const weights = fields === 'title' ? 'AB' : '';
  const all = terms.map((term) => tsTerm(term, weights)).join(' & ');
  return type ? `${all} & ${tsQuote(kindTag(type))}` : all;
}

function tsTerm(term: QueryTerm, weights: string): string {
  if (term.cjk) {
    const bigrams = runBigrams(term.word);
    if (bigrams.length === 0) return `${tsQuote(term.word)}:*${weights}`;
    const phrase = bigrams.map((bigram) => `${tsQuote(bigram)}${weights ? `:${weights}` : ''}`).join(' <-> ');
    return bigrams.length > 1 ? `( ${phrase} )` : phrase;
  }
  const stem = `${tsQuote(term.stem)}${weights ? `:${weights}` : ''}`;
  return term.prefix ? `( ${tsQuote(term.word)}:*${weights} | ${stem} )` : stem;
}

function tsQuote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
