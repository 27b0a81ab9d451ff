import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * A signing key kept in the database (`site_secrets`), so every process of every machine on it
 * agrees, where a file in DATA_DIR (server/dataDirSecret.ts) is one machine's: the first caller
 * makes it, the unique name keeps any racing second one out, and everyone reads the stored one.
 */
export async function siteSecret(db: Kysely<DB>, name: string, now: number): Promise<Buffer> {
  await db
    .insertInto('site_secrets')
    .values({ name, secret: randomBytes(32).toString('hex'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}
