import { describe, expect, it } from 'vitest';
import { AddressLimit } from './addressLimit';

describe('the per-address limit', () => {
  it('lets an address make `limit` requests a window, then tells it how long to wait', () => {
    let clock = 1_000_000;
    const limit = new AddressLimit(3, 60_000, () => clock);
    expect([limit.hit('a'), limit.hit('a'), limit.hit('a')]).toEqual([0, 0, 0]);
    expect(limit.hit('a')).toBe(60);
    // Another address has its own window.
    expect(limit.hit('b')).toBe(0);
    clock += 59_500;
    expect(limit.hit('a')).toBe(1);
    clock += 500;
    expect(limit.hit('a')).toBe(0);
  });
});
