/** docs/specification/shell.md §7: the tracking API version every event carries. */
export const TRACKING_API_VERSION = '0.6.0';

/** The event fields of docs/specification/shell.md §7 / 001 §3, all optional strings on the wire. */
export const TRACKING_FIELDS = ['cate', 'event', 'status', 'method', 'msg', 'order_id', 'page', 'path', 'uid', 'sid'] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];
export type TrackingEvent = Partial<Record<TrackingField, string | number | null | undefined>>;

/** Stat cookies (docs/specification/shell.md §9): the user one lasts 30 days, the session one is a session cookie. */
export const STAT_USER_COOKIE = 'zine_stat_uid';
export const STAT_SESSION_COOKIE = 'zine_stat_sid';
export const STAT_USER_MAX_AGE_S = 30 * 24 * 3600;

const MAX_FIELD_LENGTH = 500;

/** The image URL of one event: the fields as query parameters, plus the API version and a cache buster. */
export function trackingUrl(endpoint: string, event: TrackingEvent, now: number): string {
  const params = new URLSearchParams({ v: TRACKING_API_VERSION });
  for (const field of TRACKING_FIELDS) {
    const value = event[field];
    if (value !== undefined && value !== null && value !== '') params.set(field, String(value).slice(0, MAX_FIELD_LENGTH));
  }
  params.set('t', String(now));
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
}
