import type { Kysely } from 'kysely';
import { articleErrorStatus, type ArticleErrorReason } from '../../shared/articleErrors';
import { columnPath } from '../../shared/column';
import type { ArticleDetail } from '../../shared/entities';
import { currentSlugOf } from '../content/articleSlugs';
import { readerHtml } from '../content/readerHtml';
import { chapterAccess } from '../content/paywall';
import { preparedQuery } from '../db/preparedQuery';
import type { DB, User } from '../db/schema';
import type { CountedRead } from '../content/pageViews';
import { effectiveRole } from '../../shared/membership';
import { DomainError } from '../domain/DomainError';
import { shareCodeOpens } from './shareCodes';

type SocialFields = 'thumb_up_count' | 'thumb_up_status' | 'favorite_count' | 'favorite_status' | 'comment_count' | 'author';

export interface ReadableArticle {
  article: Omit<ArticleDetail, SocialFields> & {
    author: Omit<ArticleDetail['author'], 'follower_count' | 'follow_status'>;
  };
  authorId: number;
}

export interface ReadOptions {
  /** The article read itself (not comments or likes): counted against the author's monthly quota. */
  pageViews?: CountedRead;
  /** A share link's code (`X-Share-Code`): opens a private article while the link lives. */
  shareCode?: string | null;
}

/** The article and what the reading rules need of its author; every article page asks it (db/preparedQuery.ts). */
const articleBySlug = preparedQuery(1, (db, slug: string) =>
  db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .selectAll('articles')
    .select([
      'users.username as author_username',
      'users.avatar as author_avatar',
      'users.description as author_description',
      'users.status as author_status',
      'users.membership_tier as author_tier',
      'users.membership_expires_at as author_expires_at',
      'users.role as author_role',
    ])
    .where('articles.slug', '=', slug),
);

/**
 * The reading rules of docs/specification/shell.md §2, in the order they are checked. With a page-view
 * gate a reader other than the author or an operator is counted against the author's
 * monthly quota, or refused when it is used up; a buyer of a booklet that sells the article
 * reads it whatever the quota says (docs/decisions/059).
 */
export async function readArticle(db: Kysely<DB>, slug: string, reader: User | null, now: number, options: ReadOptions = {}): Promise<ReadableArticle> {
  const { pageViews, shareCode } = options;
  const row = (await articleBySlug.first(db, slug)) ?? (await underFormerSlug(db, slug));
  if (!row || row.trashed === 1) throw articleRefusal('Does Not Exist');

  // Its author and operators always see it (the review page, moderation).
  const privileged = reader !== null && (reader.id === row.author_id || reader.role === 'operator');
  if (!privileged) {
    const refused = readingRefusal(row, now);
    if (refused === 'Private Article' && shareCode) {
      // A share link opens a private article; a revoked or wrong one reads as unshared.
      if (!(await shareCodeOpens(db, row.id, shareCode))) throw articleRefusal('Does Not Exist');
    } else if (refused) {
      throw articleRefusal(refused);
    }
  }

  // A paid booklet chapter its reader has not bought: no content, nothing derived from it (decision 007).
  const access = await chapterAccess(db, row.id, reader);
  const locked = access.locked;
  if (!privileged && pageViews) {
    const role = effectiveRole(row.author_role, row.author_tier, row.author_expires_at, now);
    const admitted = await pageViews.gate.admit(
      { id: row.author_id, role },
      { articleId: row.id, authorId: row.author_id, reader: pageViews.reader, address: pageViews.address },
      now,
    );
    // What a reader paid for stays readable when the author's month is used up.
    if (!admitted && !access.paidFor) throw articleRefusal('Visiting Traffic Exhausted');
  }
  return {
    authorId: row.author_id,
    article: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: locked ? '' : row.description,
      cover_url: row.cover_url,
      // Cleaned on save; rows older than today's rules are cleaned here, once (decision 033).
      content: locked ? '' : await readerHtml(db, row),
      theme: row.theme,
      style: row.style,
      word_count: row.word_count,
      language: row.language,
      created: new Date(row.created_at).toISOString(),
      modified: new Date(row.modified_at).toISOString(),
      author: {
        username: row.author_username,
        avatar: row.author_avatar,
        description: row.author_description,
        column: columnPath(row.author_username),
      },
      paywall: locked
        ? { booklet: { slug: locked.slug, name: locked.name, price: { amount_cents: locked.price_cents, currency: locked.currency } }, chapter: locked.chapter }
        : null,
      // The review page (author and operators only): what any other reader would get.
      ...(privileged ? { review_state: readingRefusal(row, now) } : {}),
    },
  };
}

/**
 * An article asked for by a slug it had before its first publication (server/content/articleSlugs.ts):
 * answered as itself, its `slug` the current one, which the article page redirects to (301).
 */
async function underFormerSlug(db: Kysely<DB>, slug: string) {
  const current = await currentSlugOf(db, slug);
  return current === null ? undefined : articleBySlug.first(db, current);
}

/** The fields of an article and its author that the reading rules look at. */
export interface ReadingRuleFields {
  visibility: string;
  moderation: string;
  author_status: string;
  author_tier: string | null;
  author_expires_at: number | null;
}

/** Why a reader other than the author or an operator may not read the article (docs/specification/shell.md §2, in order), or null. */
export function readingRefusal(row: ReadingRuleFields, now: number): ArticleErrorReason | null {
  if (row.moderation === 'banned' || row.author_status === 'banned') return 'Article Banned';
  if (row.moderation === 'suspended' || row.author_status === 'suspended') return 'Article Suspended';
  if (row.author_status === 'inactive') return 'User Inactive';
  if (row.author_tier !== null && row.author_expires_at !== null && row.author_expires_at <= now) return 'User Expired';
  if (row.visibility !== 'public') return 'Private Article';
  return null;
}

/** A reading refusal as a domain error: 'Does Not Exist' is not found, every other reason forbidden (shared/articleErrors.ts). */
export function articleRefusal(reason: ArticleErrorReason): DomainError {
  return new DomainError(articleErrorStatus(reason) === 404 ? 'not_found' : 'forbidden', reason);
}
