import type { Kysely } from 'kysely';
import { BOOKLET_END_SLUG, neighbours } from '../../../shared/bookletTree';
import type { ArticleBookletPlace } from '../../../shared/entities';
import type { DB, User } from '../../db/schema';
import { readingTree } from './service';

/**
 * The booklet an article is a chapter of (the first not in the trash, oldest first) and the chapters
 * either side of it in the reading order this reader sees, for the article's own page; null when the
 * article is no booklet's chapter or the reader's tree leaves it out.
 */
export async function articleBookletPlace(db: Kysely<DB>, articleId: number, reader: User | null, now: number): Promise<ArticleBookletPlace | null> {
  const placed = await db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .select(['booklets.id', 'booklets.slug', 'booklets.name', 'booklet_items.slug as chapter'])
    .where('booklet_items.article_id', '=', articleId)
    .where('booklets.trashed', '=', 0)
    .orderBy('booklets.id')
    .limit(1)
    .executeTakeFirst();
  if (!placed) return null;
  const around = neighbours(await readingTree(db, placed.id, reader, now), placed.chapter);
  return {
    booklet: { slug: placed.slug, name: placed.name },
    chapter: placed.chapter,
    previous: around.previous,
    next: around.next?.slug === BOOKLET_END_SLUG ? null : around.next,
  };
}
