import type { Kysely, Migration } from 'kysely';

/**
 * The version of the HTML rules an article's content was cleaned by (server/content/sanitize.ts),
 * so that readers' pages serve it as stored instead of cleaning it on every read.
 * Rows written before are 0: each is cleaned once, at its next read (server/content/readerHtml.ts).
 */
export function contentRules(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('articles')
        .addColumn('content_rules', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
