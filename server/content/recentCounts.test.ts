import { describe, expect, it } from 'vitest';
import { RecentCounts } from './recentCounts';

describe('recent counts', () => {
  it('counts each key, and forgets the oldest past its size', () => {
    const counts = new RecentCounts(4);
    expect(counts.increment('a')).toBe(1);
    expect(counts.increment('a')).toBe(2);
    expect(counts.increment('b')).toBe(1);
    // A third key starts a new generation; the first two are still known.
    expect(counts.increment('c')).toBe(1);
    expect(counts.increment('a')).toBe(3);
    // The next generation drops the first one's keys that were not seen again.
    expect(counts.increment('d')).toBe(1);
    expect(counts.increment('b')).toBe(1);
    expect(counts.increment('d')).toBe(2);
  });
});
