import { sql, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { ArticleSummary } from '../../shared/entities';
import type { DB } from '../db/schema';
import { paidChapterArticleIds } from './paywall';

/**
 * Articles anyone may read, newest first: public, not trashed, not moderated, by an
 * active author whose membership (if they ever had one) has not expired.
 */
export async function publicArticles(
  db: Kysely<DB>,
  now: number,
  page: number,
  pageSize: number,
  filter: { authorId?: number; favoritedBy?: number } = {},
): Promise<{ count: number; results: ArticleSummary[] }> {
  let readable = readablePublicArticles(db, now);
  if (filter.authorId !== undefined) readable = readable.where('articles.author_id', '=', filter.authorId);
  if (filter.favoritedBy !== undefined) {
    const userId = filter.favoritedBy;
    readable = readable.where('articles.id', 'in', (eb) => eb.selectFrom('favorites').select('article_id').where('user_id', '=', userId));
  }
  const [{ count }, rows] = await Promise.all([
    readable.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    readable
      .select([
        'articles.id',
        'articles.slug',
        'articles.title',
        'articles.description',
        'articles.cover_url',
        'articles.language',
        'articles.modified_at',
        'users.username',
        'users.avatar',
      ])
      .orderBy('articles.modified_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  // Lists are the same for every reader: a paid booklet chapter shows no summary (decision 007).
  const paid = rows.length > 0 ? await paidChapterArticleIds(db) : new Set<number>();
  return {
    count: Number(count),
    results: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      description: paid.has(r.id) ? '' : r.description,
      cover_url: r.cover_url,
      language: r.language,
      modified: new Date(r.modified_at).toISOString(),
      author: { username: r.username, avatar: r.avatar, column: columnPath(r.username) },
    })),
  };
}

/** Articles joined with their authors, limited to what an anonymous reader may read (also the sitemap's and feeds'). */
export function readablePublicArticles(db: Kysely<DB>, now: number) {
  return db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .where('articles.visibility', '=', 'public')
    .where('articles.trashed', '=', 0)
    .where('articles.moderation', '=', 'none')
    .where('users.status', '=', 'active')
    .where((eb) => eb.or([eb('users.membership_tier', 'is', null), eb('users.membership_expires_at', '>', now)]));
}
