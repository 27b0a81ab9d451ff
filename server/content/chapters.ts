import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { openArticles, unreadableAuthors } from './publicArticles';

/**
 * Chapters in the reader's lists (docs/decisions/067-booklets-in-lists-and-readable-slugs.md): an
 * article placed in a booklet that is not in the trash is read in its booklet, so the lists of loose
 * articles (home, discovery, a column's originals) show the booklet instead. A trashed booklet gives
 * its chapters back to the lists.
 */

/** The articles placed in a booklet not in the trash (of one owner, when given), as a subquery of `article_id`. */
export function bookletChapters(db: Kysely<DB>, ownerId?: number) {
  let chapters = db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select('booklet_items.article_id')
    .where('booklets.trashed', '=', 0)
    .where('booklet_items.article_id', 'is not', null);
  if (ownerId !== undefined) chapters = chapters.where('booklets.owner_id', '=', ownerId);
  return chapters;
}

/** An article that is no booklet's chapter: one probe of booklet_items_article per article walked. */
export function notAChapter(eb: ExpressionBuilder<DB, 'articles'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('booklet_items')
        .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
        .select(sql<number>`1`.as('one'))
        .whereRef('booklet_items.article_id', '=', 'articles.id')
        .where('booklets.trashed', '=', 0),
    ),
  );
}

/**
 * How many articles anyone may read are chapters (of one author's booklets, when given): walked from
 * the chapters (few beside the articles), each an index probe of articles_sitemap, as the sitemap counts its paid chapters.
 */
export async function readableChapterCount(db: Kysely<DB>, now: number, authorId?: number): Promise<number> {
  let chapters = openArticles(db).where('articles.author_id', 'not in', unreadableAuthors(db, now)).where('articles.id', 'in', bookletChapters(db, authorId));
  if (authorId !== undefined) chapters = chapters.where('articles.author_id', '=', authorId);
  const row = await chapters.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
