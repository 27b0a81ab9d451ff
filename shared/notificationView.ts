// A notification read for display: checked field by field, since bad data is shown, not trusted.
import { NOTIFICATION_TITLE_CUT, NOTIFICATION_TYPES, type NotificationKind, type RenewalTarget } from './notifications';

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
