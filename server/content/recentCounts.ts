/**
 * Counts of keys seen lately, bounded: two generations of at most half the size each; when the
 * newer one is full the older is dropped. A key is forgotten (its count starts again) at the
 * earliest after `size / 2` newer ones.
 */
export class RecentCounts {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();

  constructor(private readonly size: number) {}

  /** Counts `key` once more: how often it has been counted while remembered (1: it is new). */
  increment(key: string): number {
    const count = (this.current.get(key) ?? this.previous.get(key) ?? 0) + 1;
    if (!this.current.has(key) && this.current.size >= this.size / 2) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, count);
    return count;
  }
}
