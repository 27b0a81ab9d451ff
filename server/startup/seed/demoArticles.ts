import type { Insertable, Kysely } from 'kysely';
import type { ArticlesTable, DB } from '../../db/schema';
import { ARTICLE_HTML_RULES, sanitizeArticleHtml } from '../../content/sanitize';

/** What differs between the demo's articles; the rest is the same for every one. */
export type DemoArticleRow = Omit<
  Insertable<ArticlesTable>,
  'id' | 'client_modify_date' | 'visibility' | 'moderation' | 'trashed' | 'created_at' | 'modified_at'
>;

/** Inserts one public, readable demo article written at `written`, and answers its id. */
export async function insertDemoArticle(db: Kysely<DB>, article: DemoArticleRow, written: number): Promise<number> {
  const { id } = await db
    .insertInto('articles')
    .values({
      ...article,
      // Cleaned as a save cleans it, so that reads serve it as stored.
      content: sanitizeArticleHtml(article.content),
      content_rules: ARTICLE_HTML_RULES,
      client_modify_date: written,
      visibility: 'public',
      moderation: 'none',
      trashed: 0,
      created_at: written,
      modified_at: written,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
