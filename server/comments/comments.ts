import type { Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { CommentItem } from '../../shared/entities';
import { contentChanged } from '../content/changes';
import { beyond, edgesOf, type Cursor, type PageEdges } from '../db/keyset';
import { inOrder, pageWindow } from '../db/pageWindow';
import { preparedQuery } from '../db/preparedQuery';
import type { DB, User } from '../db/schema';
import { readArticle } from '../articles/readArticle';
import { DomainError } from '../domain/DomainError';
import type { NotificationBus } from '../notifications/bus';
import { announce, notify } from '../notifications/notifications';

/** Top-level comments of a readable article, newest first, each with its replies. */
export async function listComments(
  db: Kysely<DB>,
  slug: string,
  reader: User | null,
  now: number,
  page: number,
  pageSize: number,
  from?: Cursor,
): Promise<{ count: number; results: CommentItem[]; edges?: PageEdges }> {
  const { article } = await readArticle(db, slug, reader, now);
  const count = await commentCount(db, article.id);
  const window = pageWindow(count, page, pageSize, from);
  const direction = window.reversed ? 'asc' : 'desc';
  // The page's ids from the index alone (comments_thread, migration 029; comments_top on PostgreSQL, migration 042), then their rows: a deep page
  // never joins the rows it skips, and one reached by a link's cursor skips none.
  let pageIds = db.selectFrom('comments').select('id').where('article_id', '=', article.id).where('parent_id', 'is', null);
  if (window.from) pageIds = pageIds.where(beyond(window.from, 'created_at', 'id'));
  pageIds = pageIds.orderBy('created_at', direction).orderBy('id', direction).limit(window.limit).offset(window.offset);
  const top =
    window.limit === 0
      ? []
      : inOrder(
          window,
          await commentRows(db).where('comments.id', 'in', pageIds).orderBy('comments.created_at', direction).orderBy('comments.id', direction).execute(),
        );
  const replies =
    top.length === 0
      ? []
      : await commentRows(db)
          .where(
            'comments.parent_id',
            'in',
            top.map((c) => c.id),
          )
          .orderBy('comments.parent_id')
          .orderBy('comments.created_at', 'asc')
          .orderBy('comments.id', 'asc')
          .execute();
  const results: CommentItem[] = top.map((c) => ({
    ...toItem(c),
    replies: replies.filter((r) => r.parent_id === c.id).map(toItem),
  }));
  return { count, results, edges: edgesOf(top, (c) => ({ at: c.created_at, id: c.id })) };
}

/** The number of top-level comments of an article (what the comment list counts). */
export async function commentCount(db: Kysely<DB>, articleId: number): Promise<number> {
  const counted = await topLevelComments.first(db, articleId);
  return Number(counted?.count ?? 0);
}

/** Every article page asks it: built once (db/preparedQuery.ts); kept by triggers (server/content/counters.ts). */
const topLevelComments = preparedQuery(1, (db, articleId: number) =>
  db.selectFrom('article_counts').select('comment_count as count').where('article_id', '=', articleId),
);

/** Adds a comment (or a reply to a top-level comment of the same article) by the reader. */
export async function addComment(
  db: Kysely<DB>,
  slug: string,
  reader: User,
  text: string,
  parentId: number | null,
  now: number,
  bus?: NotificationBus,
): Promise<CommentItem> {
  const { article, authorId } = await readArticle(db, slug, reader, now);
  // Who hears of it (decision 014): the author of the comment replied to, else the article's author.
  let recipientId = authorId;
  if (parentId !== null) {
    const parent = await db.selectFrom('comments').select(['article_id', 'parent_id', 'author_id']).where('id', '=', parentId).executeTakeFirst();
    if (!parent || parent.article_id !== article.id) throw new DomainError('invalid', 'No such comment on this article.', 'parent');
    recipientId = parent.author_id;
    // A reply to a reply joins its thread.
    if (parent.parent_id !== null) parentId = parent.parent_id;
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('comments')
      .values({ article_id: article.id, author_id: reader.id, parent_id: parentId, text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = parentId === null ? 'comment' : 'reply_comment';
    const notified = await notify(trx, { recipientId, actorId: reader.id, type, articleId: article.id, commentId: inserted.id }, now);
    // The article page shows its comments and their count: cached copies go at once.
    await contentChanged(trx, [`article:${article.slug}`], now);
    return { ...inserted, notified };
  });
  announce(bus, row.notified);
  const [created] = await commentRows(db).where('comments.id', '=', row.id).execute();
  if (!created) throw new Error('comment vanished after insert');
  return { ...toItem(created), replies: [] };
}

function commentRows(db: Kysely<DB>) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select(['comments.id', 'comments.text', 'comments.created_at', 'comments.parent_id', 'users.username', 'users.avatar']);
}

function toItem(row: { id: number; text: string; created_at: number; username: string; avatar: string }): CommentItem {
  return {
    id: row.id,
    text: row.text,
    created: new Date(row.created_at).toISOString(),
    author: { username: row.username, avatar: row.avatar, column: columnPath(row.username) },
    replies: [],
  };
}
