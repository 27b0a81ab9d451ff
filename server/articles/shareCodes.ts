import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What a share code looks like; anything else opens nothing. */
export const SHARE_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/** A new share link's code for an article (the editor issue exposes it to authors). */
export async function createShareCode(db: Kysely<DB>, articleId: number, now: number): Promise<string> {
  const code = randomBytes(12).toString('base64url');
  await db.insertInto('article_share_codes').values({ article_id: articleId, code, created_at: now, revoked_at: null }).execute();
  return code;
}

/** Revokes a share link: readers holding it get 'Does Not Exist' (unshared by the owner). */
export async function revokeShareCode(db: Kysely<DB>, articleId: number, code: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('article_share_codes')
    .set({ revoked_at: now })
    .where('article_id', '=', articleId)
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the code is a live share link of this article. */
export async function shareCodeOpens(db: Kysely<DB>, articleId: number, code: string): Promise<boolean> {
  if (!SHARE_CODE.test(code)) return false;
  const row = await db
    .selectFrom('article_share_codes')
    .select('id')
    .where('article_id', '=', articleId)
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
