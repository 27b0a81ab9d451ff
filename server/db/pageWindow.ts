/**
 * Where one page of a list lies, walked from whichever end is nearer (docs/decisions/055).
 * A list in a known order of `count` rows, page `page` of `pageSize` rows: walking from the far end
 * when the page lies past the middle makes the last pages as cheap as the first, on both engines
 * (an `OFFSET` costs one index step per row skipped). `reversed` pages come back in the opposite
 * order and are turned round by `inOrder`.
 */
import type { Cursor } from './keyset';

export interface PageWindow {
  /** Rows to skip from the end walked from. */
  offset: number;
  /** Rows to take (fewer than the page size on the last page; 0 past the end). */
  limit: number;
  /** Walk from the far end: order the query the other way round. */
  reversed: boolean;
  /** Walk from this row instead of an end (the page's link carried it): no rows skipped at any depth (server/db/keyset.ts). */
  from?: Cursor;
}

export function pageWindow(count: number, page: number, pageSize: number, from?: Cursor): PageWindow {
  if (from) return { offset: 0, limit: pageSize, reversed: from.toward === 'previous', from };
  const start = (page - 1) * pageSize;
  if (start >= count) return { offset: 0, limit: 0, reversed: false };
  const limit = Math.min(pageSize, count - start);
  const fromEnd = count - start - limit;
  return fromEnd < start ? { offset: fromEnd, limit, reversed: true } : { offset: start, limit, reversed: false };
}

/** The rows of a window in the list's own order. */
export function inOrder<T>(window: PageWindow, rows: T[]): T[] {
  return window.reversed ? rows.reverse() : rows;
}
