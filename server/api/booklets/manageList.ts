import { sql, type Kysely } from 'kysely';
import type { BookletTrashStatus, ManagedBooklet } from '../../../shared/bookletManagement';
import type { DB, User } from '../../db/schema';
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
  const [total, rows] = await Promise.all([
    mine.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    // Newest created first: a new booklet joins the top and pages stay stable while others are edited.
    mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const counts = await chapterCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    count: Number(total.count),
    results: rows.map((row) => managedBooklet(row, owner.username, counts.get(row.id) ?? 0)),
  };
}
