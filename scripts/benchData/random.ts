/** A small deterministic random source (mulberry32): the same seed gives the same data on every run and engine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Zipf-like: the first items of the list often, the last rarely (as words in real text). */
  zipf<T>(list: readonly T[]): T {
    const index = Math.min(list.length - 1, Math.floor(list.length ** this.next()) - 1);
    const item = list[index];
    if (item === undefined) throw new Error('zipf from an empty list');
    return item;
  }

  /** A seeded child source, so one part of the data does not shift when another changes. */
  fork(salt: number): Random {
    return new Random(Math.imul(this.state ^ salt, 0x9e3779b1) ^ salt);
  }
}

/**
 * `k` distinct integers drawn from [1, n] without `excluded`, ascending. `marks` is a scratch array of
 * at least n + 1 zeros, left zeroed: rejection sampling is cheap while k is well below n.
 */
export function sampleDistinct(random: Random, k: number, n: number, marks: Uint8Array, excluded: ReadonlySet<number> = new Set()): Int32Array {
  const available = n - excluded.size;
  const want = Math.min(k, available);
  const out = new Int32Array(want);
  if (want > available / 2) {
    // Dense: walk every candidate once and keep each with the probability still needed (selection sampling).
    let kept = 0;
    let left = available;
    for (let id = 1; id <= n && kept < want; id++) {
      if (excluded.has(id)) continue;
      if (random.next() * left < want - kept) out[kept++] = id;
      left--;
    }
    return out;
  }
  let count = 0;
  while (count < want) {
    const id = 1 + random.below(n);
    if (marks[id] === 1 || excluded.has(id)) continue;
    marks[id] = 1;
    out[count++] = id;
  }
  for (const id of out) marks[id] = 0;
  return out.sort();
}

/**
 * Splits `total` into `parts` integers (each from `min` to `max`) with Pareto-like weights: a few large,
 * most small. What a capped part cannot take goes to random others.
 */
export function skewedSplit(random: Random, total: number, parts: number, min: number, max: number, alpha = 1.1): Int32Array {
  if (total > parts * max) throw new Error(`cannot split ${total} into ${parts} parts of at most ${max}`);
  const weights = new Float64Array(parts);
  let sum = 0;
  for (let i = 0; i < parts; i++) {
    const w = 1 / Math.pow(1 - random.next() * 0.999_999, 1 / alpha);
    weights[i] = w;
    sum += w;
  }
  const out = new Int32Array(parts);
  const rest = Math.max(0, total - min * parts);
  let given = 0;
  for (let i = 0; i < parts; i++) {
    const share = Math.min(max, min + Math.floor((rest * (weights[i] ?? 0)) / sum));
    out[i] = share;
    given += share;
  }
  // Rounding leftovers go to random parts, one each.
  for (let left = total - given; left > 0;) {
    const i = random.below(parts);
    const room = max - (out[i] ?? 0);
    if (room <= 0) continue;
    const add = Math.min(room, left, 1 + Math.floor(left / parts));
    out[i] = (out[i] ?? 0) + add;
    left -= add;
  }
  return out;
}
