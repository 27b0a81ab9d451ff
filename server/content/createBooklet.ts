import type { Kysely } from 'kysely';
import { BOOKLET_END_SLUG } from '../../shared/bookletTree';
import { contentChanged, type ContentKey } from './changes';
import type { DB, SalesMode } from '../db/schema';

export type BookletItemSpec =
  | { type: 'directory'; slug: string; title: string; children: BookletItemSpec[] }
  | { type: 'article'; articleId: number; slug: string; salesMode?: SalesMode; children?: BookletItemSpec[] };

export interface BookletSpec {
  slug: string;
  ownerId: number;
  name: string;
  heading?: string;
  description?: string;
  coverUrl?: string;
  priceCents?: number;
  currency?: string;
  items: BookletItemSpec[];
}

/** Stores a booklet and its tree (the demo seed and tests; the editor's booklet API is a later issue). */
export async function createBooklet(db: Kysely<DB>, spec: BookletSpec, now: number): Promise<number> {
  const reserved = (items: readonly BookletItemSpec[]): boolean => items.some((item) => item.slug === BOOKLET_END_SLUG || reserved(item.children ?? []));
  if (reserved(spec.items)) throw new Error(`"${BOOKLET_END_SLUG}" is the end page of every booklet, not a chapter slug`);
  const { id } = await db
    .insertInto('booklets')
    .values({
      slug: spec.slug,
      owner_id: spec.ownerId,
      name: spec.name,
      heading: spec.heading ?? '',
      description: spec.description ?? '',
      cover_url: spec.coverUrl ?? '',
      price_cents: spec.priceCents ?? 0,
      currency: spec.currency ?? 'CNY',
      trashed: 0,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertItems(db, id, null, spec.items);
  await recordChapters(db, spec, now);
  return id;
}

/**
 * A chapter sold in a booklet stops being readable in full by non-buyers, and lists blank
 * its summary: the cached pages of every chapter, the public lists and the owner's column go.
 */
async function recordChapters(db: Kysely<DB>, spec: BookletSpec, now: number): Promise<void> {
  const ids: number[] = [];
  const collect = (items: readonly BookletItemSpec[]): void => {
    for (const item of items) {
      if (item.type === 'article') ids.push(item.articleId);
      collect(item.children ?? []);
    }
  };
  collect(spec.items);
  const chapters =
    ids.length === 0
      ? []
      : await db
          .selectFrom('articles')
          .innerJoin('users', 'users.id', 'articles.author_id')
          .select(['articles.slug', 'users.username'])
          .where('articles.id', 'in', ids)
          .execute();
  const keys: ContentKey[] = [`booklet:${spec.slug}`, 'feed'];
  for (const chapter of chapters) keys.push(`article:${chapter.slug}`, `author:${chapter.username}`);
  await contentChanged(db, keys, now);
}

async function insertItems(db: Kysely<DB>, bookletId: number, parentId: number | null, items: readonly BookletItemSpec[]): Promise<void> {
  let order = 0;
  for (const item of items) {
    const { id } = await db
      .insertInto('booklet_items')
      .values({
        booklet_id: bookletId,
        parent_id: parentId,
        type: item.type,
        article_id: item.type === 'article' ? item.articleId : null,
        slug: item.slug,
        title: item.type === 'directory' ? item.title : '',
        order: order++,
        sales_mode: item.type === 'article' ? (item.salesMode ?? 'free') : 'free',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertItems(db, bookletId, id, item.children ?? []);
  }
}
