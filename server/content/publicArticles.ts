import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { ArticleSummary } from '../../shared/entities';
import { beyond, edgesOf, type Cursor, type PageEdges } from '../db/keyset';
import { inOrder, pageWindow, type PageWindow } from '../db/pageWindow';
import { engineOf, type Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { notAChapter, notInAnyChapter } from './chapters';
import { paidChapterArticleIds } from './paywall';

interface ArticleFilter {
  authorId?: number;
  favoritedBy?: number;
}

/**
 * Articles anyone may read, newest first: public, not trashed, not moderated, by an
 * active author whose membership (if they ever had one) has not expired.
 */
export async function publicArticles(
  db: Kysely<DB>,
  now: number,
  page: number,
  pageSize: number,
  filter: ArticleFilter = {},
  from?: Cursor,
): Promise<{ count: number; results: ArticleSummary[]; edges?: PageEdges }> {
  // A booklet's chapters are read in their booklet: the lists of loose articles leave them out (./chapters.ts);
  // a reader's favourites keep what they chose.
  const count =
    filter.favoritedBy === undefined
      ? await readableCount(db, now, filter.authorId, 'loose')
      : Number(
          (
            await favoritesOf(db, now, filter.favoritedBy)
              .select(sql<number>`count(*)`.as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
  const window = pageWindow(count, page, pageSize, from);
  const direction = window.reversed ? 'asc' : 'desc';
  // The page's ids from an index alone (articles_readable, migration 029), the authors who may not be read
  // taken out as a small set, then their rows: a deep page never reads the rows it skips, and one reached
  // by a link's cursor skips none. A reader's favourites are walked from their own rows instead.
  const pageIds =
    filter.favoritedBy === undefined
      ? inWindow(openArticles(db).where('articles.author_id', 'not in', unreadableAuthors(db, now)), engineOf(db), filter.authorId, window, direction)
      : favoritesInWindow(favoritesOf(db, now, filter.favoritedBy), window, direction);
  const rows =
    window.limit === 0
      ? []
      : inOrder(
          window,
          await db
            .selectFrom('articles')
            .innerJoin('users', 'users.id', 'articles.author_id')
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
            .where('articles.id', 'in', pageIds)
            .orderBy('articles.modified_at', direction)
            .orderBy('articles.id', direction)
            .execute(),
        );
  // Lists are the same for every reader: a paid booklet chapter shows no summary (decision 007).
  const paid = await paidChapterArticleIds(
    db,
    rows.map((r) => r.id),
  );
  return {
    count,
    edges: edgesOf(rows, (r) => ({ at: r.modified_at, id: r.id })),
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

/**
 * How many articles anyone may read (of one author, when given), all of them or only those that are no
 * booklet's chapter (`loose`): the authors' counts kept by triggers (server/content/keptCounts.ts),
 * summed over the authors who may be read now, from the index user_counts_readable alone.
 */
export async function readableCount(db: Kysely<DB>, now: number, authorId?: number, which: 'all' | 'loose' = 'all'): Promise<number> {
  let authors = db
    .selectFrom('user_counts')
    .select(
      which === 'all'
        ? sql<number | null>`sum(public_article_count)`.as('count')
        : sql<number | null>`sum(public_article_count - public_chapter_count)`.as('count'),
    )
    .where(authorsOnly)
    .where('readable_until', '>', now);
  if (authorId !== undefined) authors = authors.where('user_id', '=', authorId);
  const row = await authors.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The articles anyone may read among a reader's favourites, walked from the reader's favourites: a
 * `CROSS JOIN` keeps SQLite from walking every readable article in order instead (238 ms for a column
 * on 300,000 articles); PostgreSQL plans it as any join.
 */
function favoritesOf(db: Kysely<DB>, now: number, userId: number) {
  return db
    .selectFrom('favorites')
    .crossJoin('articles')
    .whereRef('articles.id', '=', 'favorites.article_id')
    .where('favorites.user_id', '=', userId)
    .where('articles.visibility', '=', 'public')
    .where('articles.trashed', '=', 0)
    .where('articles.moderation', '=', 'none')
    .where('articles.author_id', 'not in', unreadableAuthors(db, now));
}

/** One page's article ids of the readable articles (of one author), newest first, by its window or from its cursor. */
/**
 * From this many rows skipped, PostgreSQL leaves chapters out as one set rather than by a probe per row
 * (./chapters.ts). SQLite's probe is cheaper than building the set even then (page 1,000 of 300,000
 * articles: 8.9 ms probing, 18.9 ms with the set), so it always probes.
 */
const CHAPTER_SET_FROM_OFFSET = 2000;

function inWindow(list: ReturnType<typeof openArticles>, engine: Engine, authorId: number | undefined, window: PageWindow, direction: 'asc' | 'desc') {
  const loose = window.offset >= CHAPTER_SET_FROM_OFFSET && engine === 'postgres' ? notInAnyChapter : notAChapter;
  let ids = (authorId === undefined ? list : list.where('articles.author_id', '=', authorId)).where(loose);
  if (window.from) ids = ids.where(beyond(window.from, 'articles.modified_at', 'articles.id'));
  return ids.select('articles.id').orderBy('articles.modified_at', direction).orderBy('articles.id', direction).limit(window.limit).offset(window.offset);
}

/** The same for a reader's favourites (their query joins one more table). */
function favoritesInWindow(list: ReturnType<typeof favoritesOf>, window: PageWindow, direction: 'asc' | 'desc') {
  const ids = window.from ? list.where(beyond(window.from, 'articles.modified_at', 'articles.id')) : list;
  return ids.select('articles.id').orderBy('articles.modified_at', direction).orderBy('articles.id', direction).limit(window.limit).offset(window.offset);
}

/** Articles whose own state lets anyone read them (public, not trashed, not moderated): the prefix of migration 029's indexes. */
export function openArticles(db: Kysely<DB>) {
  return db.selectFrom('articles').where('articles.visibility', '=', 'public').where('articles.trashed', '=', 0).where('articles.moderation', '=', 'none');
}

/**
 * The authors with open articles who may not be read now (banned, suspended, inactive, lapsed), from
 * their kept counts (server/content/counters.ts): few, so "by an author who may be read" is a lookup
 * in a small set instead of a join on every article.
 */
export function unreadableAuthors(db: Kysely<DB>, now: number) {
  return db.selectFrom('user_counts').select('user_id').where('readable_until', '<=', now).where(authorsOnly);
}

/** Counts rows of users with articles only: written as a literal, so that both engines use the partial index user_counts_readable (migration 029). */
export const authorsOnly = sql<boolean>`public_article_count > 0`;

/** Articles joined with their authors, limited to what an anonymous reader may read (also the sitemap's and feeds'). */
export function readablePublicArticles(db: Kysely<DB>, now: number) {
  return db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .where('articles.visibility', '=', 'public')
    .where('articles.trashed', '=', 0)
    .where('articles.moderation', '=', 'none')
    .where(readableAuthor(now));
}

/** An author whose work anyone may read: active, and not a member whose membership has lapsed. */
export function readableAuthor(now: number) {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.and([eb('users.status', '=', 'active'), eb.or([eb('users.membership_tier', 'is', null), eb('users.membership_expires_at', '>', now)])]);
}
