import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { contentChanged } from '../content/changes';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';

/** What a share code looks like; anything else opens nothing. */
export const SHARE_CODE = /^[A-Za-z0-9_-]{8,64}$/;

/** A new share link's code for an article (the editor issue exposes it to authors). */
export async function createShareCode(db: Kysely<DB>, articleId: number, now: number): Promise<string> {
  const code = randomBytes(12).toString('base64url');
  await db.insertInto('article_share_codes').values({ article_id: articleId, code, created_at: now, revoked_at: null }).execute();
  return code;
}

/** The article's live share links, newest first. */
export async function liveShareCodes(db: Kysely<DB>, articleId: number): Promise<{ code: string; created: number }[]> {
  const rows = await db
    .selectFrom('article_share_codes')
    .select(['code', 'created_at'])
    .where('article_id', '=', articleId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ code: row.code, created: Number(row.created_at) }));
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

/** The author revokes a live share link of their article; any other code is not found. */
export async function revokeShareLink(db: Kysely<DB>, article: { id: number; slug: string }, code: string, now: number): Promise<void> {
  if (!SHARE_CODE.test(code) || !(await revokeShareCode(db, article.id, code, now))) throw new DomainError('not_found', 'Not found.');
  // Share-link reads bypass the render cache; the author's pages are told anyway, like every write.
  await contentChanged(db, [`article:${article.slug}`], now);
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
