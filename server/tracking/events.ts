import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One tracking event as the pages' log beacon sends it (docs/specification/shell.md §7). */
export interface TrackingEvent {
  v: string;
  cate: string;
  event: string;
  status?: string;
  method?: string;
  order_id?: string;
  page?: string;
  uid?: string;
  sid?: string;
  msg?: string;
  path?: string;
}

/** Stores one event with the browser that sent it (its user agent, cut to 300 characters). */
export async function recordTrackingEvent(db: Kysely<DB>, e: TrackingEvent, userAgent: string, now: number): Promise<void> {
  await db
    .insertInto('tracking_events')
    .values({
      cate: e.cate,
      event: e.event,
      status: e.status ?? '',
      method: e.method ?? '',
      msg: e.msg ?? '',
      order_id: e.order_id ?? '',
      page: e.page ?? '',
      path: e.path ?? '',
      uid: e.uid ?? '',
      sid: e.sid ?? '',
      version: e.v,
      user_agent: userAgent.slice(0, 300),
      created_at: now,
    })
    .execute();
}
