import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './boundedMemo';

describe('BoundedMemo', () => {
  it('computes each input once, false answers included, and starts again when full', () => {
    const memo = new BoundedMemo<string, boolean>(2);
    let computed = 0;
    const ask = (key: string) => memo.get(key, () => (computed++, key === 'yes'));
    expect([ask('yes'), ask('no'), ask('yes'), ask('no')]).toEqual([true, false, true, false]);
    expect(computed).toBe(2);
    // A third input fills it: everything is forgotten, then kept again.
    ask('third');
    ask('yes');
    expect(computed).toBe(4);
  });
});
