import type { Kysely, Selectable } from 'kysely';
import type { BookletsTable, DB, User } from '../db/schema';
import { DomainError } from '../domain/DomainError';

export type BookletRow = Selectable<BookletsTable>;

export const TRASHED_BOOKLET = 'This booklet is in the trash: restore it first.';

/** The caller's own booklet by id; anyone else's (or none) is not found, as if it did not exist. */
export async function ownBooklet(db: Kysely<DB>, id: number, owner: User): Promise<BookletRow> {
  const row = await db.selectFrom('booklets').selectAll().where('id', '=', id).where('owner_id', '=', owner.id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'Not found.');
  return { ...row, created_at: Number(row.created_at), modified_at: Number(row.modified_at) };
}

/**
 * The caller's own booklet, not in the trash, for a change inside a transaction. Stamping
 * its modified time first locks its row on PostgreSQL, so two changes of one booklet
 * (two adds of one article, two reorders) run one after the other; SQLite has one writer.
 */
export async function lockOwnBooklet(db: Kysely<DB>, id: number, owner: User, now: number): Promise<BookletRow> {
  const touched = await db.updateTable('booklets').set({ modified_at: now }).where('id', '=', id).where('owner_id', '=', owner.id).executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw new DomainError('not_found', 'Not found.');
  const row = await ownBooklet(db, id, owner);
  if (row.trashed === 1) throw new DomainError('invalid', TRASHED_BOOKLET);
  return row;
}
