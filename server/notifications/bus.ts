import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/connection';
import type { PgListener } from '../db/pgListener';
import { workerRelay, type WorkerRelay } from '../workerRelay';

/** A notification just committed: whom it is for and its row. */
export interface Notified {
  recipientId: number;
  notificationId: number;
}

/** Tells every process's streams of a committed notification (decision 046). */
export interface NotificationBus {
  /** Call after the creating transaction commits. Never throws: a lost message only delays the bell. */
  publish(notified: Notified): Promise<void>;
  /** Calls `handler` with each notification published by any process on the same database. */
  subscribe(handler: (notified: Notified) => void, onError: (error: unknown) => void): Promise<() => void>;
}

/** PostgreSQL's LISTEN/NOTIFY when the database is PostgreSQL; otherwise this machine's processes (SQLite: one machine), through the cluster's primary. */
export function notificationBusFor(database: Database, onError: (error: unknown) => void): NotificationBus {
  return database.engine === 'postgres' && database.listener ? pgNotificationBus(database, database.listener, onError) : inProcessNotificationBus();
}

const notifiedSchema = z.object({ recipientId: z.number().int(), notificationId: z.number().int() });

/** The workers of one machine (or this process alone): published through the cluster's relay. */
export function inProcessNotificationBus(relay: WorkerRelay = workerRelay()): NotificationBus {
  return {
    publish(notified) {
      relay.send('notified', notified);
      return Promise.resolve();
    },
    subscribe(handler) {
      const unsubscribe = relay.on('notified', (payload) => {
        const parsed = notifiedSchema.safeParse(payload);
        if (parsed.success) handler(parsed.data);
      });
      return Promise.resolve(unsubscribe);
    },
  };
}

const payloadSchema = z.object({ r: z.number().int(), n: z.number().int() });

function pgNotificationBus(database: Database, listener: PgListener, onPublishError: (error: unknown) => void): NotificationBus {
  const channel = channelFor(database.schema);
  return {
    async publish(notified) {
      const payload = JSON.stringify({ r: notified.recipientId, n: notified.notificationId });
      await sql`select pg_notify(${channel}, ${payload})`.execute(database.db).catch(onPublishError);
    },
    subscribe(handler, onError) {
      return listener.listen(channel, {
        message(raw) {
          const parsed = payloadSchema.safeParse(safeJson(raw));
          if (parsed.success) handler({ recipientId: parsed.data.r, notificationId: parsed.data.n });
        },
        error: onError,
      });
    },
  };
}

/** Channels are per database, not per schema: each schema (a test worker's) gets its own, short enough for NAMEDATALEN. */
function channelFor(schema: string | undefined): string {
  return schema ? `zine_notifications_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}` : 'zine_notifications';
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
