import { describe, expect, it } from 'vitest';
import { applyChange, changeBetween, decodeFull, encodeChange, encodeFull } from './versionCodec';

describe('the version codec', () => {
  it('stores a change as the one span between the common start and end, and replays it', () => {
    const before = '<p>The river runs west.</p>';
    const after = '<p>The river runs east, fast.</p>';
    expect(changeBetween(before, after)).toEqual([18, 2, 'east, fa']);
    expect(applyChange(before, encodeChange(changeBetween(before, after)))).toBe(after);
    for (const [a, b] of [
      ['', 'x'],
      ['x', ''],
      ['aaa', 'aaaa'],
      ['今天天气很好', '今天天气不好'],
      ['😀a', '😁a'],
    ] as const) {
      expect(applyChange(a, encodeChange(changeBetween(a, b)))).toBe(b);
    }
  });

  it('compresses a whole text and gives it back unchanged', () => {
    const text = '<p>西湖 and the river.</p>'.repeat(500);
    const body = encodeFull(text);
    expect(body.length).toBeLessThan(text.length / 20);
    expect(decodeFull(body)).toBe(text);
  });

  it('refuses a stored change that does not fit', () => {
    expect(() => applyChange('abc', encodeChange([5, 1, 'x']))).toThrow();
    expect(() => applyChange('abc', Buffer.from('{"at":1}'))).toThrow();
  });
});
