import type { Kysely } from 'kysely';
import type { BookletTrashStatus, ManagedBooklet } from '../../shared/bookletManagement';
import { countThenPage } from '../db/countThenPage';
import type { DB, User } from '../db/schema';
import { chapterCounts, managedBooklet } from './manageView';

/** `GET /api/booklets/`: the caller's booklets in or out of the trash, newest first. */
export async function listOwnBooklets(
  db: Kysely<DB>,
  owner: User,
  trashStatus: BookletTrashStatus,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: ManagedBooklet[] }> {
  const trashed = trashStatus === 'in_trash' ? 1 : 0;
  const mine = db.selectFrom('booklets').where('owner_id', '=', owner.id).where('trashed', '=', trashed);
  // Newest created first: a new booklet joins the top and pages stay stable while others are edited.
  const { count, rows } = await countThenPage(mine, page, pageSize, (slice) => slice.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
  const counts = await chapterCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    count,
    results: rows.map((row) => managedBooklet(row, owner.username, counts.get(row.id) ?? 0)),
  };
}
