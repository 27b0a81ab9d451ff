import type { Kysely } from 'kysely';
import type { BookletOrderNode, ManagedBooklet } from '../../shared/bookletManagement';
import type { DB, User } from '../db/schema';
import { lockOwnBooklet, ownBooklet } from './manageAccess';
import { bookletChanged } from './manageChanges';
import { planReorder } from './manageTree';
import { managedBookletWithTree, ownerItemRows } from './manageView';

/** `PUT /api/booklet/{id}/`: moves and reorders the tree in one transaction; answers the new tree. */
export async function reorderOwnBooklet(db: Kysely<DB>, owner: User, id: number, tree: readonly BookletOrderNode[], now: number): Promise<ManagedBooklet> {
  const row = await db.transaction().execute(async (trx) => {
    const booklet = await lockOwnBooklet(trx, id, owner, now);
    const rows = await ownerItemRows(trx, booklet.id);
    const before = new Map(rows.map((item) => [item.id, item]));
    for (const placement of planReorder(tree, rows)) {
      const old = before.get(placement.id);
      if (old && old.parent_id === placement.parent_id && old.order === placement.order) continue;
      await trx.updateTable('booklet_items').set({ parent_id: placement.parent_id, order: placement.order }).where('id', '=', placement.id).execute();
    }
    await bookletChanged(trx, booklet.slug, [], now);
    return ownBooklet(trx, booklet.id, owner);
  });
  return managedBookletWithTree(db, row, owner.username, true);
}
