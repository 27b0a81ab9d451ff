import { fold, MAX_WORD_LENGTH, piecesOf, stemOf } from './text';

/**
 * The tokens a field is indexed by, in order (docs/decisions/055). Both engines store them with
 * their positions (FTS5's own, a PostgreSQL tsvector built in server/search/vector.ts), so a
 * query of adjacent tokens (a phrase) is found only where they stand side by side.
 *
 * - A run of Chinese, Japanese or Korean characters c1 c2 … cn gives n tokens: the overlapping
 *   bigrams c1c2, c2c3, …, then cn followed by `RUN_END`. Every character begins one token,
 *   so one character is found by the prefix of a token, two by one token, and k > 2 by the
 *   phrase of k − 1 bigrams: a substring, and nothing else. A run's end token also parts it
 *   from the next run, so no phrase reaches over punctuation or a space.
 * - Any other word is a token as it is; a plain English word's Porter stem, when it differs,
 *   is added after the field's last word (so `writing` finds `writes`), keeping the words'
 *   own positions side by side.
 */

/** Ends a run of Chinese characters (a private-use character: folded text never holds one as a word character). */
export const RUN_END = '\ue000';
/** At most this many tokens of one field are indexed (PostgreSQL caps a tsvector at 1 MB and positions at 16,383). */
export const MAX_FIELD_TOKENS = 60_000;

/** The tokens of a text, folded first (server/search/text.ts). */
export function fieldTokens(text: string): string[] {
  const tokens: string[] = [];
  const stems = new Set<string>();
  for (const piece of piecesOf(fold(text))) {
    if (piece.cjk) runTokens(piece.text, tokens);
    else if (piece.text.length <= MAX_WORD_LENGTH) {
      tokens.push(piece.text);
      const stem = stemOf(piece.text);
      if (stem !== piece.text) stems.add(stem);
    }
    if (tokens.length >= MAX_FIELD_TOKENS) break;
  }
  for (const stem of stems) tokens.push(stem);
  return tokens.length > MAX_FIELD_TOKENS ? tokens.slice(0, MAX_FIELD_TOKENS) : tokens;
}

/** The tokens of one run of Chinese characters: its bigrams, then its last character and `RUN_END`. */
export function runTokens(run: string, into: string[] = []): string[] {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) into.push(`${chars[i] ?? ''}${chars[i + 1] ?? RUN_END}`);
  return into;
}

/** The bigrams a run of Chinese characters is matched by (a run of one character: none; see `runTokens`). */
export function runBigrams(run: string): string[] {
  return runTokens(run).slice(0, -1);
}
