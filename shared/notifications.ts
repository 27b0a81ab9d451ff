import type { Page } from './entities';

/**
 * The five actions of the messaging API (docs/specification/shell.md §3), in the order the client asks for them,
 * then the site's own renewal reminder (docs/decisions/051).
 */
export const NOTIFICATION_TYPES = ['favorite', 'follow', 'thumbsup', 'reply_comment', 'comment', 'renewal'] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

/** docs/specification/shell.md §9: a like or favourite names the article by its title cut to this many characters. */
export const NOTIFICATION_TITLE_CUT = 20;
/** Items in the bell's dropdown; the full list page shows NOTIFICATION_PAGE_SIZE (decision 014). */
export const NOTIFICATION_BELL_SIZE = 8;
export const NOTIFICATION_PAGE_SIZE = 20;

export interface NotificationObject<T extends string, O> {
  type: T;
  object: O;
}

/** What `GET /api/notification/` answers per item (`results[].payload`, plus our `id` and `unread`). */
export interface NotificationItem {
  id: number;
  unread: boolean;
  payload: NotificationPayload;
}

export interface NotificationPayload {
  type: NotificationKind;
  source: NotificationObject<'User', { username: string; avatar: string }> | null;
  target:
    | NotificationObject<'Article', { slug: string; title: string }>
    | NotificationObject<'User', { username: string }>
    | NotificationObject<'Membership', RenewalTarget>
    | null;
  result: NotificationObject<'Comment', { id: number; text: string }> | null;
  created: string;
}

/** A renewal reminder's subject (decision 051): the subscription product to renew and when the period ends. */
export interface RenewalTarget {
  identity: string;
  level: string;
  expires: string;
}

/** `GET /api/notification/count/`: the unread count, as the one item of a page. */
export type NotificationUnreadCount = Page<{ unread_count: number }>;

/** `PUT /api/notification/?filter=unread`: marks every unread notification read. */
export interface MarkReadRequest {
  read: true;
}

/** `GET /api/notification/stream/`'s `notification` event (decision 046); its `count` event has `unread_count` only. */
export interface NotificationLive {
  unread_count: number;
  notification: NotificationItem;
}

/** How many notifications the mark-read call changed; none is left unread. */
export interface MarkedRead {
  updated: number;
  unread_count: 0;
}
