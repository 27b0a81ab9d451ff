import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Whether the article exists and the user wrote it: uploads go only to one's own articles. */
export async function isAuthorOf(db: Kysely<DB>, userId: number, articleId: number): Promise<boolean> {
  const article = await db.selectFrom('articles').select('id').where('id', '=', articleId).where('author_id', '=', userId).executeTakeFirst();
  return article !== undefined;
}
