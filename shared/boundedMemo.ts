/**
 * Answers worked out once per input that repeats (a user agent, a header value, a path), for up to
 * `limit` distinct inputs: when full, all are forgotten at once and the memo starts again, so a
 * flood of distinct inputs costs a recount, never memory.
 */
export class BoundedMemo<K, V> {
  private readonly known = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The answer for `key`, from `compute` the first time it is asked. */
  get(key: K, compute: () => V): V {
    let value = this.known.get(key);
    if (value === undefined) {
      value = compute();
      if (this.known.size >= this.limit) this.known.clear();
      this.known.set(key, value);
    }
    return value;
  }
}
