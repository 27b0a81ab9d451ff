import type { Kysely } from 'kysely';
import { z } from 'zod';
import { columnRefusal } from '../../shared/accountErrors';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';

const name = z.string().regex(/^[A-Za-z0-9_.\-\u4e00-\u9fff]{1,64}$/u);

/**
 * The column's owner: an account that exists and is active. A banned, suspended or lapsed
 * account is forbidden, with its reason (docs/decisions/016); an inactive one is not found.
 */
export async function findOwner(db: Kysely<DB>, raw: string | undefined, now: number) {
  const parsed = name.safeParse(raw);
  if (!parsed.success) throw new DomainError('not_found', 'Not found.');
  const owner = await db.selectFrom('users').selectAll().where('username', '=', parsed.data).executeTakeFirst();
  if (!owner || owner.status === 'inactive') throw new DomainError('not_found', 'Not found.');
  const refusal = columnRefusal(owner, now);
  if (refusal) throw new DomainError('forbidden', refusal);
  return owner;
}
