import type { Kysely } from 'kysely';
import { plainTextExcerpt } from '../../shared/seoMeta';
import { readablePublicArticles } from '../content/publicArticles';
import { paidChapterArticleIds } from '../content/paywall';
import { readerHtml } from '../content/readerHtml';
import type { DB } from '../db/schema';

/** How many articles a column's feed carries. */
export const FEED_SIZE = 20;

export interface FeedItem {
  slug: string;
  title: string;
  /** Plain text: the article's summary or its opening; empty for a paid chapter. */
  description: string;
  /** The full sanitised HTML, or null for a paid booklet chapter (its content is sold, not syndicated). */
  content: string | null;
  published: number;
  modified: number;
}

export interface ColumnFeed {
  username: string;
  description: string;
  /** The language most of its articles are written in (`zh-CN`), or null for an empty feed. */
  language: string | null;
  items: FeedItem[];
}

/**
 * The latest articles of a column an anonymous reader may read, newest first; null
 * when there is no such column to syndicate (unknown, banned, inactive, suspended,
 * or its author's membership has lapsed).
 */
export async function columnFeed(db: Kysely<DB>, username: string, now: number): Promise<ColumnFeed | null> {
  const owner = await db
    .selectFrom('users')
    .select(['id', 'username', 'description', 'status', 'membership_tier', 'membership_expires_at'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!owner || owner.status !== 'active') return null;
  if (owner.membership_tier !== null && owner.membership_expires_at !== null && owner.membership_expires_at <= now) return null;

  const rows = await readablePublicArticles(db, now)
    .where('articles.author_id', '=', owner.id)
    .select([
      'articles.id',
      'articles.slug',
      'articles.title',
      'articles.description',
      'articles.content',
      'articles.content_rules',
      'articles.language',
      'articles.created_at',
      'articles.modified_at',
    ])
    .orderBy('articles.created_at', 'desc')
    .orderBy('articles.id', 'desc')
    .limit(FEED_SIZE)
    .execute();
  const paid = await paidChapterArticleIds(
    db,
    rows.map((row) => Number(row.id)),
  );
  return {
    username: owner.username,
    description: owner.description,
    language: mostCommon(rows.map((row) => row.language)),
    items: await Promise.all(
      rows.map(async (row) => {
        const locked = paid.has(Number(row.id));
        const content = locked ? null : await readerHtml(db, { id: Number(row.id), content: row.content, content_rules: row.content_rules });
        return {
          slug: row.slug,
          title: row.title,
          description: content === null ? '' : row.description.trim() || plainTextExcerpt(content, 300),
          content,
          published: Number(row.created_at),
          modified: Number(row.modified_at),
        };
      }),
    ),
  };
}

/** The value met most often (the earliest of a tie), or null for none. */
function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}
