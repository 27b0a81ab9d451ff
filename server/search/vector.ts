/**
 * A document's tokens (server/search/tokens.ts) as a PostgreSQL tsvector literal with positions
 * and weights (docs/decisions/055): title A, author B, tags C, body D. The fields follow one
 * another with a position left empty between them, so no phrase (`<->`) reaches from one into
 * the next. Built here rather than by a text search configuration so that a lexeme is exactly
 * the token JavaScript made (no parser, no dictionary), as FTS5 sees it on SQLite.
 */

/** The fields of a document, in the order they are numbered. */
export interface VectorFields {
  title: readonly string[];
  author: readonly string[];
  tags: readonly string[];
  body: readonly string[];
}

/** PostgreSQL keeps positions up to 16,383 (later ones count as 16,383) and 256 of them per lexeme. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS = 256;

export function tsvectorLiteral(fields: VectorFields): string {
  const lexemes = new Map<string, string[]>();
  let position = 0;
  const add = (tokens: readonly string[], weight: 'A' | 'B' | 'C' | 'D') => {
    for (const token of tokens) {
      position = Math.min(MAX_POSITION, position + 1);
      const positions = lexemes.get(token);
      const entry = `${position}${weight === 'D' ? '' : weight}`;
      if (!positions) lexemes.set(token, [entry]);
      else if (positions.length < MAX_POSITIONS && positions[positions.length - 1] !== entry) positions.push(entry);
    }
    position = Math.min(MAX_POSITION, position + 1);
  };
  add(fields.title, 'A');
  add(fields.author, 'B');
  add(fields.tags, 'C');
  add(fields.body, 'D');
  let literal = '';
  for (const [lexeme, positions] of lexemes) literal += `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}':${positions.join(',')} `;
  return literal;
}
