import type { Kysely } from 'kysely';
import { trafficMonth } from '../../shared/traffic';
import type { DB } from '../db/schema';
import { chargeTraffic, trafficLimit } from './traffic';

export interface UploadRecord {
  key: string;
  userId: number;
  articleId: number;
  bytes: number;
  contentType: string;
}

export type RecordOutcome = 'recorded' | 'traffic_lack' | 'exists' | 'no_user';

/**
 * One transaction: the file's row (its key taken, so no other upload can have it) and its
 * bytes added to the month's traffic, or neither when the traffic would pass the limit of
 * the uploader's tier. The article is noted while it is still theirs.
 */
export async function recordUpload(db: Kysely<DB>, upload: UploadRecord, now: number): Promise<RecordOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'role', 'membership_tier', 'membership_expires_at', 'status'])
        .where('id', '=', upload.userId)
        .executeTakeFirst();
      if (!user || user.status !== 'active') return 'no_user';
      const taken = await trx.selectFrom('media_files').select('id').where('key', '=', upload.key).executeTakeFirst();
      if (taken) return 'exists';
      const article = await trx.selectFrom('articles').select('id').where('id', '=', upload.articleId).where('author_id', '=', user.id).executeTakeFirst();
      await trx
        .insertInto('media_files')
        .values({
          key: upload.key,
          user_id: user.id,
          article_id: article?.id ?? null,
          bytes: upload.bytes,
          content_type: upload.contentType,
          created_at: now,
        })
        .execute();
      if (!(await chargeTraffic(trx, user.id, upload.bytes, trafficLimit(user, now), now))) throw new TrafficLack();
      return 'recorded';
    });
  } catch (error) {
    if (error instanceof TrafficLack) return 'traffic_lack';
    // Two uploads of one key at once: the unique index refused the second.
    if (await keyTaken(db, upload.key)) return 'exists';
    throw error;
  }
}

/** Takes a recorded upload back (its file could not be stored): the row goes and its bytes are refunded. */
export async function forgetUpload(db: Kysely<DB>, key: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('media_files').where('key', '=', key).returning(['user_id', 'bytes', 'created_at']).executeTakeFirst();
    if (!row) return;
    const month = trafficMonth(row.created_at);
    await trx
      .updateTable('media_traffic')
      .set((eb) => ({ bytes_used: eb('bytes_used', '-', Number(row.bytes)) }))
      .where('user_id', '=', row.user_id)
      .where('month', '=', month)
      .execute();
  });
}

class TrafficLack extends Error {}

async function keyTaken(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db.selectFrom('media_files').select('id').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}
