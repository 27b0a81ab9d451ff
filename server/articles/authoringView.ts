import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { EditableArticle, SharedMark } from '../../shared/entities';
import type { ArticlesTable, DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';

/** An article row with the two facts its shared marks need besides its visibility. */
export type AuthoringRow = Selectable<ArticlesTable> & { has_share_link: unknown; in_booklet: unknown };

/**
 * The shared-mark facts as columns of the same query (no query per article): a live share
 * link, and a place in a booklet that is not in the trash.
 */
export function sharedMarkColumns(eb: ExpressionBuilder<DB, 'articles'>) {
  return [
    eb
      .exists(
        eb
          .selectFrom('article_share_codes')
          .select('article_share_codes.id')
          .whereRef('article_share_codes.article_id', '=', 'articles.id')
          .where('article_share_codes.revoked_at', 'is', null),
      )
      .as('has_share_link'),
    eb
      .exists(
        eb
          .selectFrom('booklet_items')
          .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
          .select('booklet_items.id')
          .whereRef('booklet_items.article_id', '=', 'articles.id')
          .where('booklets.trashed', '=', 0),
      )
      .as('in_booklet'),
  ] as const;
}

/** The marks of a row selected with `sharedMarkColumns` (SQLite answers 0/1, PostgreSQL booleans). */
export function sharedMarks(row: { visibility: string; has_share_link: unknown; in_booklet: unknown }): SharedMark[] {
  const marks: SharedMark[] = [];
  if (row.visibility === 'public') marks.push('public');
  if (truthy(row.has_share_link)) marks.push('share_link');
  if (truthy(row.in_booklet)) marks.push('booklet');
  return marks;
}

/** The caller's own article with its marks; not found, as if it did not exist, for anyone else's. */
export async function ownArticleRow(db: Kysely<DB>, id: number, authorId: number): Promise<AuthoringRow> {
  const row = await db
    .selectFrom('articles')
    .selectAll('articles')
    .select((eb) => sharedMarkColumns(eb))
    .where('articles.id', '=', id)
    .where('articles.author_id', '=', authorId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'Not found.');
  return row;
}

/** The article as its author edits it: the row, its tags in order and its marks. */
export async function editableArticle(db: Kysely<DB>, id: number, authorId: number): Promise<EditableArticle> {
  const row = await ownArticleRow(db, id, authorId);
  const tags = await db.selectFrom('article_tags').select('tag').where('article_id', '=', id).orderBy('position').orderBy('tag').execute();
  return editableArticleOf(
    row,
    tags.map((t) => t.tag),
  );
}

export function editableArticleOf(row: AuthoringRow, tags: string[]): EditableArticle {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover_url: row.cover_url,
    content: row.content,
    theme: row.theme,
    style: row.style,
    word_count: Number(row.word_count),
    client_modify_date: new Date(Number(row.client_modify_date)).toISOString(),
    created: new Date(Number(row.created_at)).toISOString(),
    modified: new Date(Number(row.modified_at)).toISOString(),
    tags,
    visibility: row.visibility === 'public' ? 'public' : 'private',
    trashed: Number(row.trashed) === 1,
    shared_marks: sharedMarks(row),
  };
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}
