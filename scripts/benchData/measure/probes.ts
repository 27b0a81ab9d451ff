import type { Kind } from '../targets';
import { COMMON_ENGLISH_WORD, COMMON_WORD, RARE_WORD } from '../generate/text';
import type { Cast, Who } from './cast';
import { freshAddress, getJson, getText, type Headers } from './http';

/** One measured request: its row's name, what it is, where, as whom. */
export interface Probe {
  name: string;
  kind: Kind;
  path: string;
  who: Who | null;
  /** A different client address each time (the search limiter counts per address). */
  freshAddress?: boolean;
}

/** Rows that cannot be measured, and why: printed with the table. */
export interface Unmeasurable {
  name: string;
  reason: string;
}

export const UNMEASURABLE: readonly Unmeasurable[] = [
  {
    name: "famous's follower list API",
    reason: 'the product has no follower-list route (server/api/social/routes.ts has follow and unfollow only); the column page counts followers',
  },
];

const PAGE_SIZE = 20;

/**
 * The rows of the large-data benchmark on one database. Paths that depend on the data (the hot article's
 * last comment page, the sitemap's files) are read from the running server first.
 */
export async function probesFor(origin: string, cast: Cast, sessions: Record<Who, Headers>): Promise<Probe[]> {
  const hot = encodeURIComponent(cast.hotSlug);
  const comments = await getJson(`${origin}/api/comments/article/${hot}/`, sessions.plain);
  const count = typeof comments === 'object' && comments !== null && 'count' in comments && typeof comments.count === 'number' ? comments.count : 0;
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const famous = encodeURIComponent(cast.famous);
  const booklets = await getJson(`${origin}/api/v2/booklets/public/`, {});
  const bookletAuthor = encodeURIComponent(firstBookletAuthor(booklets) ?? cast.famous);

  const probes: Probe[] = [
    { name: 'home / anonymous', kind: 'page', path: '/', who: null },
    { name: 'home / signed in (plain reader)', kind: 'page', path: '/', who: 'plain' },
    { name: 'home / signed in (heavyreader)', kind: 'page', path: '/', who: 'heavy' },
    { name: '/found/ signed in', kind: 'page', path: '/found/', who: 'plain' },
    { name: 'public articles API page 1', kind: 'api', path: '/api/v2/articles/public/', who: null },
    { name: 'public articles API page 1000', kind: 'api', path: '/api/v2/articles/public/?page=1000', who: null },
    { name: 'hot article page signed in', kind: 'page', path: `/article/${hot}/`, who: 'plain' },
    { name: 'hot article comments API page 1', kind: 'api', path: `/api/comments/article/${hot}/`, who: 'plain' },
    { name: 'hot article comments API page 100', kind: 'api', path: `/api/comments/article/${hot}/?page=100`, who: 'plain' },
    { name: `hot article comments API last page`, kind: 'api', path: `/api/comments/article/${hot}/?page=${lastPage}`, who: 'plain' },
    { name: "famous's column page signed in", kind: 'page', path: `/@${famous}/`, who: 'plain' },
    { name: "famous's column API", kind: 'api', path: `/api/columns/@${famous}/`, who: 'plain' },
    { name: 'notifications API page 1 (heavyreader)', kind: 'api', path: '/api/notification/', who: 'heavy' },
    { name: 'notifications API page 1000', kind: 'api', path: '/api/notification/?page=1000', who: 'heavy' },
    { name: 'notifications API page 20000', kind: 'api', path: '/api/notification/?page=20000', who: 'heavy' },
    { name: 'notifications unread count', kind: 'api', path: '/api/notification/count/', who: 'heavy' },
    { name: '/sitemap.xml', kind: 'file', path: '/sitemap.xml', who: null },
  ];
  for (const part of await sitemapParts(origin)) probes.push({ name: `sitemap part ${part}`, kind: 'file', path: part, who: null });
  probes.push(
    { name: "famous's column feed", kind: 'file', path: `/@${famous}/feed.xml`, who: null },
    { name: `search common word (${COMMON_WORD})`, kind: 'search', path: `/api/search/?q=${encodeURIComponent(COMMON_WORD)}`, who: null, freshAddress: true },
    {
      name: `search common English word (${COMMON_ENGLISH_WORD})`,
      kind: 'search',
      path: `/api/search/?q=${COMMON_ENGLISH_WORD}`,
      who: null,
      freshAddress: true,
    },
    { name: `search rare word (${RARE_WORD})`, kind: 'search', path: `/api/search/?q=${RARE_WORD}`, who: null, freshAddress: true },
    { name: 'account info (bigauthor)', kind: 'api', path: '/api/accounts/info/', who: 'big' },
    { name: "editor's article list (bigauthor)", kind: 'api', path: '/api/v2/articles/', who: 'big' },
    { name: 'wallet balance (richreader)', kind: 'api', path: '/api/payments/wallet/balance/', who: 'rich' },
    { name: 'wallet transactions (richreader)', kind: 'api', path: '/api/payments/wallet/transactions/', who: 'rich' },
    { name: 'orders list (richreader)', kind: 'api', path: '/api/payments/order/', who: 'rich' },
    { name: 'public booklets API page 1', kind: 'api', path: '/api/v2/booklets/public/', who: null },
    { name: 'public booklets API page 50', kind: 'api', path: '/api/v2/booklets/public/?page=50', who: null },
    { name: "a booklet author's column booklets API", kind: 'api', path: `/api/columns/booklets/@${bookletAuthor}/`, who: 'plain' },
  );
  return probes;
}

/** The author of the newest public booklet, from the booklet list's answer. */
function firstBookletAuthor(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !('results' in answer) || !Array.isArray(answer.results)) return undefined;
  const first: unknown = answer.results[0];
  if (typeof first !== 'object' || first === null || !('author' in first)) return undefined;
  const author: unknown = first.author;
  return typeof author === 'object' && author !== null && 'username' in author && typeof author.username === 'string' ? author.username : undefined;
}

/** The paths of the files `/sitemap.xml` lists when it is an index (none when it holds the URLs itself). */
async function sitemapParts(origin: string): Promise<string[]> {
  const { status, text } = await getText(`${origin}/sitemap.xml`);
  if (status !== 200 || !text.includes('<sitemapindex')) return [];
  return [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/', origin).pathname);
}

/** The headers of one request of a probe. */
export function headersOf(probe: Probe, sessions: Record<Who, Headers>): Headers {
  return { ...(probe.who ? sessions[probe.who] : {}), ...(probe.freshAddress ? freshAddress() : {}) };
}
