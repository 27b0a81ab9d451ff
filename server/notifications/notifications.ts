import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { findMembershipProduct } from '../../shared/membershipProducts';
import { NOTIFICATION_TYPES, type NotificationItem, type NotificationKind } from '../../shared/notifications';
import { beyond, edgesOf, type Cursor, type PageEdges } from '../db/keyset';
import { inOrder, pageWindow } from '../db/pageWindow';
import type { DB } from '../db/schema';
import type { NotificationBus, Notified } from './bus';

/** Decision 014: notifications older than this are deleted when their recipient reads the list. */
export const NOTIFICATION_RETENTION_MS = 180 * 24 * 60 * 60 * 1000;

export interface NotificationEvent {
  recipientId: number;
  actorId: number;
  type: NotificationKind;
  articleId?: number | null;
  commentId?: number | null;
}

/**
 * Records one notification for the recipient, inside the event's own transaction.
 * Never for yourself; a like, favourite or follow repeated (undone and done again)
 * while the first is still unread is not told twice. Answers the new row, for `announce` after commit.
 */
export async function notify(trx: Kysely<DB>, event: NotificationEvent, now: number): Promise<Notified | undefined> {
  if (event.recipientId === event.actorId) return undefined;
  const articleId = event.articleId ?? null;
  if (event.type !== 'comment' && event.type !== 'reply_comment') {
    let same = trx
      .selectFrom('notifications')
      .select('id')
      .where('recipient_id', '=', event.recipientId)
      .where('actor_id', '=', event.actorId)
      .where('type', '=', event.type)
      .where('read_at', 'is', null);
    same = articleId === null ? same.where('article_id', 'is', null) : same.where('article_id', '=', articleId);
    if (await same.executeTakeFirst()) return undefined;
  }
  const inserted = await trx
    .insertInto('notifications')
    .values({
      recipient_id: event.recipientId,
      actor_id: event.actorId,
      type: event.type,
      article_id: articleId,
      comment_id: event.commentId ?? null,
      created_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { recipientId: event.recipientId, notificationId: inserted.id };
}

/** Tells the live streams (decision 046); call once the transaction that wrote the row has committed. */
export function announce(bus: NotificationBus | undefined, notified: Notified | undefined): void {
  if (bus && notified) void bus.publish(notified);
}

/** One of the recipient's notifications, as the list answers it; undefined when gone. */
export async function notificationItem(db: Kysely<DB>, recipientId: number, id: number): Promise<NotificationItem | undefined> {
  const rows = await itemRows(
    db.selectFrom('notifications').where('notifications.recipient_id', '=', recipientId).where('notifications.id', '=', id),
  ).execute();
  return rows[0] && toItem(rows[0]);
}

/** The recipient's notifications of the given kinds, newest first, optionally unread only. */
export async function listNotifications(
  db: Kysely<DB>,
  recipientId: number,
  kinds: readonly NotificationKind[],
  unreadOnly: boolean,
  page: number,
  pageSize: number,
  from?: Cursor,
): Promise<{ count: number; results: NotificationItem[]; edges?: PageEdges }> {
  const count = await countOf(db, recipientId, kinds, unreadOnly);
  const window = pageWindow(count, page, pageSize, from);
  if (window.limit === 0) return { count, results: [] };
  const direction = window.reversed ? 'asc' : 'desc';
  let pageIds = db.selectFrom('notifications').select('notifications.id').where('notifications.recipient_id', '=', recipientId);
  // Every kind asked (the bell, the list): no filter to test on each row walked.
  if (new Set(kinds).size < NOTIFICATION_TYPES.length) pageIds = pageIds.where('notifications.type', 'in', [...kinds]);
  // read_at (null throughout) leads the unread list's order: PostgreSQL then reads it from notifications_unread instead of sorting.
  if (unreadOnly) pageIds = pageIds.where('notifications.read_at', 'is', null).orderBy('notifications.read_at', direction);
  if (window.from) pageIds = pageIds.where(beyond(window.from, 'notifications.created_at', 'notifications.id'));
  // The page's ids from the index alone (notifications_list, migration 029), then their rows.
  pageIds = pageIds.orderBy('notifications.created_at', direction).orderBy('notifications.id', direction).limit(window.limit).offset(window.offset);
  const rows = await itemRows(db.selectFrom('notifications').where('notifications.id', 'in', pageIds))
    .orderBy('notifications.created_at', direction)
    .orderBy('notifications.id', direction)
    .execute();
  const ordered = inOrder(window, rows);
  return { count, results: ordered.map(toItem), edges: edgesOf(ordered, (row) => ({ at: row.created_at, id: row.id })) };
}

/** The recipient's notifications of these kinds (unread only, when asked), from the counts kept by triggers (server/content/counters.ts). */
async function countOf(db: Kysely<DB>, recipientId: number, kinds: readonly NotificationKind[], unreadOnly: boolean): Promise<number> {
  const row = await db
    .selectFrom('notification_counts')
    .select(sql<number | null>`sum(${sql.ref(unreadOnly ? 'unread' : 'total')})`.as('count'))
    .where('recipient_id', '=', recipientId)
    .where('type', 'in', [...kinds])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function unreadCount(db: Kysely<DB>, recipientId: number, kinds: readonly NotificationKind[]): Promise<number> {
  return countOf(db, recipientId, kinds, true);
}

/**
 * Marks every unread notification of the recipient read (the bell's 'count cleared
 * after the list opens') and drops the ones past retention. Answers how many it marked.
 */
export async function markAllRead(db: Kysely<DB>, recipientId: number, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('notifications')
      .set({ read_at: now })
      .where('recipient_id', '=', recipientId)
      .where('read_at', 'is', null)
      .where('created_at', '<=', now)
      .executeTakeFirst();
    await trx
      .deleteFrom('notifications')
      .where('recipient_id', '=', recipientId)
      .where('created_at', '<', now - NOTIFICATION_RETENTION_MS)
      .execute();
    return Number(updated.numUpdatedRows);
  });
}

type NotificationsFrom = SelectQueryBuilder<DB, 'notifications', object>;

function itemRows(base: NotificationsFrom) {
  return base
    .innerJoin('users as actor', 'actor.id', 'notifications.actor_id')
    .innerJoin('users as recipient', 'recipient.id', 'notifications.recipient_id')
    .leftJoin('articles', 'articles.id', 'notifications.article_id')
    .leftJoin('comments', 'comments.id', 'notifications.comment_id')
    .leftJoin('subscription_reminders', 'subscription_reminders.notification_id', 'notifications.id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.created_at',
      'notifications.read_at',
      'actor.username as actor_username',
      'actor.avatar as actor_avatar',
      'actor.status as actor_status',
      'recipient.username as recipient_username',
      'articles.slug as article_slug',
      'articles.title as article_title',
      'articles.trashed as article_trashed',
      'comments.id as comment_id',
      'comments.text as comment_text',
      'subscription_reminders.identity as renewal_identity',
      'subscription_reminders.expires_at as renewal_expires_at',
    ]);
}

function toItem(row: ItemRow): NotificationItem {
  if (row.type === 'renewal') return renewalItem(row);
  // A banned or deactivated actor, or an article in the bin, is 'missing': the client shows nothing.
  const actorGone = row.actor_status === 'banned' || row.actor_status === 'inactive';
  const articleGone = row.type !== 'follow' && (row.article_slug === null || row.article_trashed === 1);
  return {
    id: row.id,
    unread: row.read_at === null,
    payload: {
      type: row.type,
      source: actorGone ? null : { type: 'User', object: { username: row.actor_username, avatar: row.actor_avatar } },
      target:
        row.type === 'follow'
          ? { type: 'User', object: { username: row.recipient_username } }
          : articleGone || row.article_slug === null || row.article_title === null
            ? null
            : { type: 'Article', object: { slug: row.article_slug, title: row.article_title } },
      result: row.comment_id === null || row.comment_text === null ? null : { type: 'Comment', object: { id: row.comment_id, text: row.comment_text } },
      created: new Date(Number(row.created_at)).toISOString(),
    },
  };
}

/** A renewal reminder (decision 051): from the site, not a person; its target the subscription and the period's end. */
function renewalItem(row: ItemRow): NotificationItem {
  const product = row.renewal_identity === null ? null : findMembershipProduct(row.renewal_identity);
  return {
    id: row.id,
    unread: row.read_at === null,
    payload: {
      type: row.type,
      source: null,
      target:
        product && row.renewal_expires_at !== null
          ? { type: 'Membership', object: { identity: product.key, level: product.level, expires: new Date(Number(row.renewal_expires_at)).toISOString() } }
          : null,
      result: null,
      created: new Date(Number(row.created_at)).toISOString(),
    },
  };
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number];
