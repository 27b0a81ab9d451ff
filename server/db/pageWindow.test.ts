import { describe, expect, it } from 'vitest';
import { inOrder, pageWindow } from './pageWindow';

/** The page as a list of positions, found by walking the window from its end. */
function positions(count: number, page: number, size: number): number[] {
  const window = pageWindow(count, page, size);
  const all = Array.from({ length: count }, (_, i) => i);
  const walked = window.reversed ? [...all].reverse() : all;
  return inOrder(window, walked.slice(window.offset, window.offset + window.limit));
}

describe('pageWindow', () => {
  it('gives every page of a list the rows OFFSET would, from either end', () => {
    for (const count of [0, 1, 9, 10, 11, 99, 100, 101, 1003]) {
      for (const size of [1, 3, 10, 20]) {
        for (let page = 1; page <= Math.ceil(count / size) + 1; page++) {
          const expected = Array.from({ length: count }, (_, i) => i).slice((page - 1) * size, page * size);
          expect(positions(count, page, size), `count ${count}, size ${size}, page ${page}`).toEqual(expected);
        }
      }
    }
  });

  it('walks from the nearer end', () => {
    expect(pageWindow(500_000, 1, 20)).toEqual({ offset: 0, limit: 20, reversed: false });
    expect(pageWindow(500_000, 25_000, 20)).toEqual({ offset: 0, limit: 20, reversed: true });
    expect(pageWindow(500_000, 20_000, 20)).toEqual({ offset: 100_000, limit: 20, reversed: true });
    expect(pageWindow(45, 3, 20)).toEqual({ offset: 0, limit: 5, reversed: true });
    expect(pageWindow(45, 4, 20)).toEqual({ offset: 0, limit: 0, reversed: false });
  });
});
