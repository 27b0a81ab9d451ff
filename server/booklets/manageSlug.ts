import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** 12 lowercase letters and digits: never `end`, always a valid reading slug. */
export function randomSlug(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(12);
  let slug = '';
  for (const byte of bytes) slug += alphabet[byte % alphabet.length];
  return slug;
}

/** A booklet slug no booklet has. */
export async function freshBookletSlug(db: Kysely<DB>): Promise<string> {
  for (;;) {
    const slug = randomSlug();
    const taken = await db.selectFrom('booklets').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!taken) return slug;
  }
}

/** An item slug no item of this booklet has. */
export async function freshItemSlug(db: Kysely<DB>, bookletId: number): Promise<string> {
  for (;;) {
    const slug = randomSlug();
    const taken = await db.selectFrom('booklet_items').select('id').where('booklet_id', '=', bookletId).where('slug', '=', slug).executeTakeFirst();
    if (!taken) return slug;
  }
}
