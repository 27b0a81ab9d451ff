import { sql, type RawBuilder } from 'kysely';

/** Where a row stands in a list ordered newest first: its time, then its id. */
export interface ListKey {
  at: number;
  id: number;
}

/** A position in such a list and which way to walk from it: the rows after it (older) or before it (newer). */
export interface Cursor extends ListKey {
  toward: 'next' | 'previous';
}

/** The first and last rows of a page: where the next and previous pages begin. */
export interface PageEdges {
  first: ListKey;
  last: ListKey;
}

/**
 * The rows strictly beyond the cursor in a list ordered by (`at` desc, `id` desc): one range of the
 * list's index on both engines (a row-value comparison), whatever the depth (docs/decisions/056).
 */
export function beyond(cursor: Cursor, at: string, id: string): RawBuilder<boolean> {
  return cursor.toward === 'next'
    ? sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) < (${cursor.at}, ${cursor.id})`
    : sql<boolean>`(${sql.ref(at)}, ${sql.ref(id)}) > (${cursor.at}, ${cursor.id})`;
}

/** The edges of a page of rows in list order, or undefined for an empty page. */
export function edgesOf<T>(rows: readonly T[], key: (row: T) => ListKey): PageEdges | undefined {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return first === undefined || last === undefined ? undefined : { first: key(first), last: key(last) };
}
