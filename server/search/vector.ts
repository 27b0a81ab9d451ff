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

/** A lexeme's positions as written in the literal, how many, and the last one (a clamped position is not repeated). */
interface Positions {
  text: string;
  count: number;
  last: number;
}

export function tsvectorLiteral(fields: VectorFields): string {
  const lexemes = new Map<string, Positions>();
  let position = 0;
  const add = (tokens: readonly string[], weight: string) => {
    for (const token of tokens) {
      if (position < MAX_POSITION) position += 1;
      const positions = lexemes.get(token);
      if (!positions) lexemes.set(token, { text: `${position}${weight}`, count: 1, last: position });
      else if (positions.count < MAX_POSITIONS && positions.last !== position) {
        positions.text += `,${position}${weight}`;
        positions.count += 1;
        positions.last = position;
      }
    }
    if (position < MAX_POSITION) position += 1;
  };
  add(fields.title, 'A');
  add(fields.author, 'B');
  add(fields.tags, 'C');
  add(fields.body, '');
  const parts: string[] = [];
  for (const [lexeme, positions] of lexemes) parts.push(`'${quoted(lexeme)}':${positions.text} `);
  return parts.join('');
}

function quoted(lexeme: string): string {
  if (!lexeme.includes("'") && !lexeme.includes('\\')) return lexeme;
  return lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''");
}
