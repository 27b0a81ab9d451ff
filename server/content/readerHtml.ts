import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ARTICLE_HTML_RULES, sanitizeArticleHtml } from './sanitize';

/** What a read needs of an article row to serve its HTML. */
export interface StoredArticleHtml {
  id: number;
  content: string;
  content_rules: number;
}

/**
 * An article's HTML for readers: as stored when it was cleaned by today's rules (every save
 * cleans it), else cleaned now and stored back, once. The write-back only replaces the HTML it
 * read, so a save landing meanwhile is never overwritten.
 */
export async function readerHtml(db: Kysely<DB>, row: StoredArticleHtml): Promise<string> {
  if (row.content_rules === ARTICLE_HTML_RULES) return row.content;
  const clean = sanitizeArticleHtml(row.content);
  await db
    .updateTable('articles')
    .set({ content: clean, content_rules: ARTICLE_HTML_RULES })
    .where('id', '=', row.id)
    .where('content', '=', row.content)
    .execute();
  return clean;
}
