import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { parseOrderTree } from './orderTreeBody';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return JSON.stringify(error.body);
    throw error;
  }
  throw new Error('not refused');
}

describe('the reorder body', () => {
  it('parses the body one level at a time', () => {
    expect(parseOrderTree({ detail: [{ id: 1, order: 0 }] })).toEqual([{ id: 1, order: 0, children: [] }]);
    expect(refusal(() => parseOrderTree({ detail: [{ id: 1, order: -1 }] }))).toMatch(/detail\.0/);
    let deep: object = { id: 1, order: 0, children: [] };
    for (let i = 0; i < 5000; i += 1) deep = { id: 1, order: 0, children: [deep] };
    expect(refusal(() => parseOrderTree({ detail: [deep] }))).toMatch(/at most 5 levels/);
  });
});
