import { sql, type Kysely } from 'kysely';
import type { ManagedBooklet, ManagedBookletItem } from '../../shared/bookletManagement';
import { priceText } from '../../shared/price';
import type { DB } from '../db/schema';
import type { BookletRow } from './manageAccess';
import { BOOKLET_ITEM_COLUMNS } from './itemColumns';
import { ownerTree, type OwnerItemRow } from './manageTree';

/** A booklet row as its owner sees it in the list (no tree). */
export function managedBooklet(row: BookletRow, ownerUsername: string, chapterCount: number): ManagedBooklet {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    heading: row.heading,
    description: row.description,
    cover: row.cover_url,
    price: priceText(row.price_cents),
    owner: { username: ownerUsername },
    trashed: row.trashed === 1,
    chapter_count: chapterCount,
    created: new Date(Number(row.created_at)).toISOString(),
    modified: new Date(Number(row.modified_at)).toISOString(),
  };
}

/** `GET /api/booklet/{id}/`: the booklet with its tree. */
export async function managedBookletWithTree(db: Kysely<DB>, row: BookletRow, ownerUsername: string, hideRemoved: boolean): Promise<ManagedBooklet> {
  const rows = await ownerItemRows(db, row.id);
  const detail: ManagedBookletItem[] = ownerTree(rows, hideRemoved);
  return { ...managedBooklet(row, ownerUsername, rows.filter((item) => item.type === 'article').length), detail };
}

/** Every item of the booklet with its article's title, slug, trash and visibility. */
export async function ownerItemRows(db: Kysely<DB>, bookletId: number): Promise<OwnerItemRow[]> {
  const rows = await db
    .selectFrom('booklet_items')
    .leftJoin('articles', 'articles.id', 'booklet_items.article_id')
    .select([...BOOKLET_ITEM_COLUMNS, 'articles.slug as article_slug', 'articles.trashed as article_trashed', 'articles.visibility as article_visibility'])
    .where('booklet_items.booklet_id', '=', bookletId)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    order: Number(row.order),
    article_id: row.article_id === null ? null : Number(row.article_id),
    article_trashed: row.article_trashed === null ? null : Number(row.article_trashed),
  }));
}

/** How many chapters each booklet holds. */
export async function chapterCounts(db: Kysely<DB>, bookletIds: readonly number[]): Promise<Map<number, number>> {
  if (bookletIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('booklet_items')
    .select(['booklet_id', sql<number>`count(*)`.as('count')])
    .where('booklet_id', 'in', [...bookletIds])
    .where('type', '=', 'article')
    .groupBy('booklet_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.booklet_id), Number(row.count)]));
}
