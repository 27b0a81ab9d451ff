import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Chapters in the reader's lists (docs/decisions/067-booklets-in-lists-and-readable-slugs.md): an
 * article placed in a booklet that is not in the trash is read in its booklet, so the lists of loose
 * articles (home, discovery, a column's originals) show the booklet instead. A trashed booklet gives
 * its chapters back to the lists. How many chapters anyone may read is kept per author (./chapterCounts.ts).
 */

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
