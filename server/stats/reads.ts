import type { Kysely } from 'kysely';
import { quotaDay } from '../../shared/pageViewQuota';
import type { DB } from '../db/schema';
import { addCounts } from './addCounts';

/**
 * Counts a read (docs/decisions/074): the reader's beacon says they reached the article's end or stayed
 * long enough. It counts only when the same reader's view of the article was counted today (their
 * `page_view_readers` row, flushed within seconds of the view, decision 059) and not read yet, so a
 * read is at most once a day per reader and article, never without a view, and a forged or repeated
 * beacon changes nothing. Answers whether it counted.
 */
export async function countRead(db: Kysely<DB>, articleId: number, reader: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('page_view_readers')
      .set({ read: 1 })
      .where('day', '=', quotaDay(now))
      .where('article_id', '=', articleId)
      .where('reader', '=', reader)
      .where('read', '=', 0)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    const article = await trx.selectFrom('articles').select('author_id').where('id', '=', articleId).executeTakeFirst();
    if (!article) return false;
    await addCounts(trx, 'reads', [{ articleId, authorId: Number(article.author_id), at: now }]);
    return true;
  });
}
