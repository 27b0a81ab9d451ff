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

/**
 * The same, as one set of every chapter built once (`NOT IN`, hashed on PostgreSQL, an ephemeral
 * table on SQLite): for a deep page, whose walk would otherwise probe booklet_items once for each of the
 * thousands of articles it skips (PostgreSQL, 300,000 articles, page 1,000: 65 ms of probes, 15 ms
 * with the set). A shallow page probes fewer rows than the set holds: notAChapter() serves it, and
 * every page on SQLite, whose probe stays cheaper (./publicArticles.ts).
 */
export function notInAnyChapter(eb: ExpressionBuilder<DB, 'articles'>) {
  return eb(
    'articles.id',
    'not in',
    eb
      .selectFrom('booklet_items')
      .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
      .select('booklet_items.article_id')
      .where('booklets.trashed', '=', 0)
      .where('booklet_items.article_id', 'is not', null),
  );
}
