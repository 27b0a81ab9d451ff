import { sql, type Kysely } from 'kysely';
import { isReservedSlug, slugCandidate, slugFromTitle } from '../../shared/articleSlug';
import { engineOf } from '../db/engine';
import type { DB } from '../db/schema';

/** Suffixes tried before a title's slug gives up and the article keeps the address it has. */
const MAX_SUFFIX = 50;

/** Whether any article has, or once had, this slug: an old address keeps pointing at its article. */
async function slugTaken(db: Kysely<DB>, slug: string): Promise<boolean> {
  const [current, former] = await Promise.all([
    db.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirst(),
    db.selectFrom('article_slugs').select('article_id').where('slug', '=', slug).executeTakeFirst(),
  ]);
  return current !== undefined || former !== undefined;
}

/**
 * The slug an article's title gives it (shared/articleSlug.ts), made unique with -2, -3…; null when
 * the title gives none (punctuation only, empty) or no suffix is free: the article keeps its slug.
 */
export async function titleSlug(db: Kysely<DB>, title: string, ownSlug?: string): Promise<string | null> {
  const stem = slugFromTitle(title);
  if (stem === '') return null;
  for (let n = isReservedSlug(stem) ? 2 : 1; n <= MAX_SUFFIX; n++) {
    const slug = slugCandidate(stem, n);
    // The slug the article has already is its own to keep.
    if (slug === ownSlug || !(await slugTaken(db, slug))) return slug;
  }
  return null;
}

/**
 * On an article's first publication, inside its transaction: its slug from its title, the old one
 * kept in `article_slugs` (it answers with a 301). Returns the slug the article has afterwards.
 */
export async function renameOnFirstPublish(db: Kysely<DB>, articleId: number, oldSlug: string, title: string, now: number): Promise<string> {
  // Two articles of one title published at once: on PostgreSQL the second waits here for the first
  // to commit, then finds its slug taken and takes the next (SQLite runs one writer at a time).
  if (engineOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`article-slug:${slugFromTitle(title)}`}))`.execute(db);
  const slug = await titleSlug(db, title, oldSlug);
  if (slug === null || slug === oldSlug) return oldSlug;
  await db.updateTable('articles').set({ slug }).where('id', '=', articleId).execute();
  await db.insertInto('article_slugs').values({ slug: oldSlug, article_id: articleId, created_at: now }).execute();
  return slug;
}

/** The slug an article has now that once had this one; null when no article ever had it. */
export async function currentSlugOf(db: Kysely<DB>, formerSlug: string): Promise<string | null> {
  const row = await db
    .selectFrom('article_slugs')
    .innerJoin('articles', 'articles.id', 'article_slugs.article_id')
    .select('articles.slug')
    .where('article_slugs.slug', '=', formerSlug)
    .executeTakeFirst();
  return row?.slug ?? null;
}
