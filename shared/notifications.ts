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

/** The title cut of docs/specification/shell.md §9: 20 characters (code points) plus an ellipsis when longer. */
export function cutTitle(title: string): string {
  const chars = [...title];
  return chars.length > NOTIFICATION_TITLE_CUT ? `${chars.slice(0, NOTIFICATION_TITLE_CUT).join('')}…` : title;
}

/** A notification ready to show: its kind, actor, article and comment text. */
export interface NotificationView {
  kind: NotificationKind;
  /** The actor's name; `username` null when the actor has none (then no link). */
  actor: { name: string; username: string | null };
  article: { slug: string; title: string } | null;
  text: string;
  created: number;
  /** Unread when this list was fetched (shown as new). */
  unread: boolean;
  /** A renewal reminder's subscription and period end; null for the other kinds. */
  renewal: RenewalTarget | null;
}

/**
 * docs/specification/shell.md §2: an item whose actor or target is missing renders nothing ('skip');
 * one whose data is malformed shows 'Notification Data Error' ('error').
 */
export function readNotification(raw: unknown): NotificationView | 'skip' | 'error' {
  const payload = field(raw, 'payload');
  if (!isRecord(payload)) return 'error';
  const kind = payload.type;
  if (!isKind(kind)) return 'error';
  const created = typeof payload.created === 'string' ? Date.parse(payload.created) : NaN;
  if (Number.isNaN(created)) return 'error';
  if (kind === 'renewal') return renewalView(payload.target, created, field(raw, 'unread') === true);
  if (payload.source === null || payload.source === undefined || payload.target === null || payload.target === undefined) return 'skip';
  const source = field(payload.source, 'object');
  if (!isRecord(source)) return 'error';
  const username = typeof source.username === 'string' && source.username !== '' ? source.username : null;
  const name = username ?? (typeof source.nickname === 'string' ? source.nickname : '');
  if (name === '') return 'skip';
  const unread = field(raw, 'unread') === true;
  const view: NotificationView = { kind, actor: { name, username }, article: null, text: '', created, unread, renewal: null };
  if (kind === 'follow') return view;

  if (field(payload.target, 'type') !== 'Article') return 'error';
  const article = field(payload.target, 'object');
  if (!isRecord(article) || typeof article.slug !== 'string' || typeof article.title !== 'string' || article.slug === '') return 'error';
  view.article = { slug: article.slug, title: article.title };
  if (kind === 'comment' || kind === 'reply_comment') {
    const text = field(field(payload.result, 'object'), 'text');
    if (typeof text !== 'string') return 'error';
    view.text = text;
  }
  return view;
}

/** A renewal reminder has no actor: its target names the subscription; without one it renders nothing. */
function renewalView(target: unknown, created: number, unread: boolean): NotificationView | 'skip' | 'error' {
  if (target === null || target === undefined) return 'skip';
  const object = field(target, 'object');
  if (field(target, 'type') !== 'Membership' || !isRecord(object)) return 'error';
  const { identity, level, expires } = object;
  if (typeof identity !== 'string' || typeof level !== 'string' || typeof expires !== 'string' || Number.isNaN(Date.parse(expires))) return 'error';
  return { kind: 'renewal', actor: { name: '', username: null }, article: null, text: '', created, unread, renewal: { identity, level, expires } };
}

function isKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** A translated sentence split around its `{name}` slots, for filling with links. */
export function templateParts(template: string): Array<string | { slot: string }> {
  const parts: Array<string | { slot: string }> = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push({ slot: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}
