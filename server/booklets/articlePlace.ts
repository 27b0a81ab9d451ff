import type { Kysely } from 'kysely';
import { BOOKLET_END_SLUG, neighbours } from '../../shared/bookletTree';
import type { ArticleBookletPlace } from '../../shared/entities';
import type { DB, User } from '../db/schema';
import { readingTree } from './readBooklet';

/**
 * The booklet an article is a chapter of (the first not in the trash, oldest first) and the chapters
 * either side of it in the reading order this reader sees, for the article's own page; null when the
 * article is no booklet's chapter or the reader's tree leaves it out.
 */
export async function articleBookletPlace(db: Kysely<DB>, articleId: number, reader: User | null, now: number): Promise<ArticleBookletPlace | null> {
  // The article's own index first: most articles are no chapter, and a join led by the booklets
  // would walk every booklet (SQLite's plan without statistics) for each article page read.
  const items = await db.selectFrom('booklet_items').select(['booklet_id', 'slug']).where('article_id', '=', articleId).execute();
  if (items.length === 0) return null;
  const booklet = await db
    .selectFrom('booklets')
    .select(['id', 'slug', 'name'])
    .where('id', 'in', [...new Set(items.map((item) => item.booklet_id))])
    .where('trashed', '=', 0)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const chapter = items.find((item) => item.booklet_id === booklet?.id)?.slug;
  if (!booklet || chapter === undefined) return null;
  const around = neighbours(await readingTree(db, booklet.id, reader, now), chapter);
  return {
    booklet: { slug: booklet.slug, name: booklet.name },
    chapter,
    previous: around.previous,
    next: around.next?.slug === BOOKLET_END_SLUG ? null : around.next,
  };
}
