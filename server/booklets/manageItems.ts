import type { Kysely } from 'kysely';
import { BOOKLET_MAX_DEPTH, BOOKLET_MAX_ITEMS, type BookletItemChanges, type ManagedBookletItem, type NewBookletItem } from '../../shared/bookletManagement';
import type { DB, User } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { lockOwnBooklet, ownBooklet } from './manageAccess';
import { bookletChanged, paidChapterArticles } from './manageChanges';
import { freshItemSlug } from './manageSlug';
import { depthOf, ownerTree, subtreeIds, type OwnerItemRow } from './manageTree';
import { ownerItemRows } from './manageView';

/**
 * `POST /api/booklet/{id}/items/`: a directory, or one of the owner's own articles (not in
 * the trash, once per booklet), at the end of its parent directory (or the top level).
 */
export async function addBookletItem(db: Kysely<DB>, owner: User, bookletId: number, input: NewBookletItem, now: number): Promise<ManagedBookletItem> {
  return db.transaction().execute(async (trx) => {
    const booklet = await lockOwnBooklet(trx, bookletId, owner, now);
    const rows = await ownerItemRows(trx, booklet.id);
    if (rows.length >= BOOKLET_MAX_ITEMS) throw new DomainError('invalid', `A booklet holds at most ${BOOKLET_MAX_ITEMS} items.`);
    if (input.parent_id !== null) {
      const parent = rows.find((row) => row.id === input.parent_id);
      if (!parent) throw new DomainError('invalid', 'This directory is not in this booklet.', 'parent_id');
      if (parent.type !== 'directory') throw new DomainError('invalid', 'Only a directory holds other items.', 'parent_id');
    }
    if (depthOf(rows, input.parent_id) + 1 > BOOKLET_MAX_DEPTH) throw new DomainError('invalid', `Directories nest at most ${BOOKLET_MAX_DEPTH} levels deep.`);
    let articleId: number | null = null;
    if (input.type === 'article') {
      const article = await trx
        .selectFrom('articles')
        .select(['id', 'trashed'])
        .where('id', '=', input.article_id)
        .where('author_id', '=', owner.id)
        .executeTakeFirst();
      if (!article) throw new DomainError('invalid', 'No article of yours has this id.', 'article_id');
      if (article.trashed !== 0) throw new DomainError('invalid', 'This article is in the trash.', 'article_id');
      if (rows.some((row) => row.article_id === input.article_id)) throw new DomainError('invalid', 'This article is already in this booklet.', 'article_id');
      articleId = Number(article.id);
    }
    const siblings = rows.filter((row) => row.parent_id === input.parent_id);
    const { id } = await trx
      .insertInto('booklet_items')
      .values({
        booklet_id: booklet.id,
        parent_id: input.parent_id,
        type: input.type,
        article_id: articleId,
        slug: await freshItemSlug(trx, booklet.id),
        title: input.type === 'directory' ? input.title : '',
        order: siblings.reduce((max, row) => Math.max(max, row.order + 1), 0),
        sales_mode: 'free',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bookletChanged(trx, booklet.slug, [], now);
    return itemOf(await ownerItemRows(trx, booklet.id), Number(id));
  });
}

/** `PATCH /api/booklet/{id}/items/{itemId}/`: a directory's title, a chapter's sales mode. */
export async function updateBookletItem(
  db: Kysely<DB>,
  owner: User,
  bookletId: number,
  itemId: number,
  input: BookletItemChanges,
  now: number,
): Promise<ManagedBookletItem> {
  // A PATCH with nothing to change answers the item as it is, as DRF does, and writes nothing.
  if (input.title === undefined && input.sales_mode === undefined) {
    const booklet = await ownBooklet(db, bookletId, owner);
    return itemOf(await ownerItemRows(db, booklet.id), itemId);
  }
  return db.transaction().execute(async (trx) => {
    const booklet = await lockOwnBooklet(trx, bookletId, owner, now);
    const rows = await ownerItemRows(trx, booklet.id);
    const item = rows.find((row) => row.id === itemId);
    if (!item) throw new DomainError('not_found', 'Not found.');
    if (input.title !== undefined && item.type !== 'directory') throw new DomainError('invalid', 'A chapter takes its title from its article.', 'title');
    if (input.sales_mode !== undefined && item.type !== 'article') throw new DomainError('invalid', 'Only a chapter is sold.', 'sales_mode');
    const changes = {
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.sales_mode === undefined ? {} : { sales_mode: input.sales_mode }),
    };
    const paywallChanged = input.sales_mode !== undefined && input.sales_mode !== item.sales_mode && item.article_id !== null;
    await trx.updateTable('booklet_items').set(changes).where('id', '=', item.id).execute();
    // The chapter's own page (its paywall) and the lists that blank paid summaries change with its sales mode.
    await bookletChanged(trx, booklet.slug, paywallChanged && item.article_id !== null ? [item.article_id] : [], now);
    return itemOf(await ownerItemRows(trx, booklet.id), item.id);
  });
}

/** `DELETE /api/booklet/{id}/items/{itemId}/`: the item and everything under it leave the booklet (the articles stay). */
export async function removeBookletItem(db: Kysely<DB>, owner: User, bookletId: number, itemId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const booklet = await lockOwnBooklet(trx, bookletId, owner, now);
    const rows = await ownerItemRows(trx, booklet.id);
    if (!rows.some((row) => row.id === itemId)) throw new DomainError('not_found', 'Not found.');
    const ids = subtreeIds(rows, itemId);
    const paid = await paidChapterArticles(trx, booklet.id, ids);
    // Children first: no engine has to follow the parent link down.
    for (const id of [...ids].reverse()) await trx.deleteFrom('booklet_items').where('id', '=', id).execute();
    await bookletChanged(trx, booklet.slug, paid, now);
  });
}

function itemOf(rows: readonly OwnerItemRow[], id: number): ManagedBookletItem {
  const find = (nodes: readonly ManagedBookletItem[]): ManagedBookletItem | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const inside = find(node.children);
      if (inside) return inside;
    }
    return undefined;
  };
  const found = find(ownerTree(rows, false));
  if (!found) throw new DomainError('not_found', 'Not found.');
  return found;
}
