import type { Insertable } from 'kysely';
import type { Database } from '../../server/db/connection';
import type { ArticlesTable } from '../../server/db/schema';

export type ArticleOverrides = Partial<Insertable<ArticlesTable>>;

/** The three times of an article written at `time`: its client, created and modified dates. */
export function writtenAt(time: number): Pick<Insertable<ArticlesTable>, 'client_modify_date' | 'created_at' | 'modified_at'> {
  return { client_modify_date: time, created_at: time, modified_at: time };
}

/** The times of an article written `ago` milliseconds back and last touched in the editor now. */
export function writtenAgo(ago: number): Pick<Insertable<ArticlesTable>, 'client_modify_date' | 'created_at' | 'modified_at'> {
  const now = Date.now();
  return { client_modify_date: now, created_at: now - ago, modified_at: now - ago };
}

/**
 * Inserts one article by `authorId` and answers its id: a public, readable one-paragraph
 * article titled `Title of <slug>`, written now, unless `overrides` says otherwise.
 */
export async function writeArticle(database: Database, authorId: number, slug: string, overrides: ArticleOverrides = {}): Promise<number> {
  const { id } = await database.db
    .insertInto('articles')
    .values({
      slug,
      author_id: authorId,
      title: `Title of ${slug}`,
      description: '',
      cover_url: '',
      content: '<p>x</p>',
      theme: 'default',
      style: '',
      word_count: 1,
      language: 'en',
      ...writtenAt(Date.now()),
      visibility: 'public',
      moderation: 'none',
      trashed: 0,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
