// How much of everything the large database holds at a scale, and the named accounts and articles
// the measurements use. Every count scales; the named roles stay.

/** Bump when the generated data changes: a database built by another version is built again. */
export const GENERATOR_VERSION = 1;

/** The password of every generated account (one argon2 hash, reused): the demo's, so one sign-in helper serves both. */
export const BENCH_PASSWORD = 'zine-demo-2026';

/** The data's clock: everything happened in the three years before this instant (UTC). */
export const ANCHOR_MS = Date.UTC(2026, 10, 1);
export const DAY_MS = 24 * 3600_000;
export const YEAR_MS = 365 * DAY_MS;

/** The named accounts, by id: the first ids of the users table. */
export const NAMED = {
  bigauthor: 1,
  famous: 2,
  hotwriter: 3,
  heavyreader: 4,
  richreader: 5,
  plainreader: 6,
} as const;
export type NamedUser = keyof typeof NAMED;
export const NAMED_USERS = Object.keys(NAMED) as NamedUser[];

/** A generated account's e-mail address: the named ones by name, the rest by id. */
export function emailOf(userId: number): string {
  const named = NAMED_USERS.find((name) => NAMED[name] === userId);
  return `${named ?? `u${userId}`}@bench.zine.local`;
}

export interface Plan {
  scale: number;
  /** The accounts that read, write, like and buy. */
  users: number;
  /** Accounts that only follow `famous` (a follow is one per pair: 200,000 followers need that many accounts). */
  followerOnlyUsers: number;
  authors: number;
  publicArticles: number;
  /** Private or trashed articles on top of the public ones. */
  otherArticles: number;
  bigauthorArticles: number;
  comments: number;
  /** Articles with 50,000–60,000 comments each (the first is the hot article). */
  hotArticles: number;
  hotCommentsMin: number;
  hotCommentsMax: number;
  replyShare: number;
  likes: number;
  favorites: number;
  follows: number;
  famousFollowers: number;
  notifications: number;
  heavyreaderNotifications: number;
  booklets: number;
  orders: number;
  richreaderOrders: number;
  withdrawingAuthors: number;
  withdrawalsEach: number;
}

const at = (count: number, scale: number, min: number) => Math.max(min, Math.round(count * scale));

export function planFor(scale: number): Plan {
  const users = at(100_000, scale, 200);
  const famousFollowers = at(200_000, scale, 50);
  return {
    scale,
    users,
    followerOnlyUsers: Math.max(0, famousFollowers + 10 - users),
    authors: at(5_000, scale, 20),
    publicArticles: at(300_000, scale, 500),
    otherArticles: at(15_000, scale, 20),
    bigauthorArticles: at(5_000, scale, 50),
    comments: at(3_000_000, scale, 2_000),
    hotArticles: 3,
    hotCommentsMin: at(50_000, scale, 200),
    hotCommentsMax: at(60_000, scale, 240),
    replyShare: 0.2,
    likes: at(5_000_000, scale, 3_000),
    favorites: at(1_000_000, scale, 1_000),
    follows: at(1_000_000, scale, 1_000),
    famousFollowers,
    notifications: at(2_000_000, scale, 2_000),
    heavyreaderNotifications: at(500_000, scale, 500),
    booklets: at(2_000, scale, 10),
    orders: at(500_000, scale, 500),
    richreaderOrders: at(4_000, scale, 40),
    withdrawingAuthors: 10,
    withdrawalsEach: 5,
  };
}

/** Total accounts. */
export function totalUsers(plan: Plan): number {
  return plan.users + plan.followerOnlyUsers;
}
