import type { Plan } from '../plan';
import type { Random } from '../random';
import type { Sink } from '../sink';
import type { Language, TextMaker } from './text';

/** What one generation step tells the next: ids, owners, times (typed arrays: millions of entries). */
export interface Model {
  plan: Plan;
  random: Random;
  text: TextMaker;
  sink: Sink;
  log: (line: string) => void;
  passwordHash: string;
  totalUsers: number;
  /** Authors' user ids (the named authors first). */
  authorIds: Int32Array;
  /** Non-author accounts with a membership: the buyers of membership orders. */
  memberIds: Int32Array;
  /** Per article id (index 0 unused). */
  articleAuthor: Int32Array;
  articlePublic: Uint8Array;
  articleCreated: Float64Array;
  articleLanguage: Language[];
  articleCount: number;
  /** Per author id (user id): their public article ids, in the CSR form (start offsets by user id). */
  authorArticleStart: Int32Array;
  authorArticleIds: Int32Array;
  hotArticleIds: number[];
  publicArticleIds: Int32Array;
  /** Comment ids of article a: commentStart[a] .. commentStart[a + 1] - 1. */
  commentStart: Int32Array;
  commentCount: number;
  /** Scratch marks for distinct sampling over user ids. */
  marks: Uint8Array;
}

/** An author's public articles. */
export function articlesOf(model: Model, userId: number): Int32Array {
  const start = model.authorArticleStart[userId] ?? 0;
  const end = model.authorArticleStart[userId + 1] ?? start;
  return model.authorArticleIds.subarray(start, end);
}

/** Fisher–Yates in place. */
export function shuffle(random: Random, list: Int32Array): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const t = list[i] ?? 0;
    list[i] = list[j] ?? 0;
    list[j] = t;
  }
}
