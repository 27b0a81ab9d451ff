import { Server, type Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { NOTIFICATION_TYPES, type NotificationLive } from '../../../shared/notifications';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import type { NotificationBus, Notified } from './bus';
import { notificationItem, unreadCount } from './service';

export interface NotificationStreamDeps {
  db: Kysely<DB>;
  notificationBus: NotificationBus;
  onBackgroundError?: (error: unknown, what: string) => void;
  /** A comment line this often keeps proxies and the browser from closing an idle stream. */
  heartbeatMs?: number;
  /** Open streams per user at most (tabs); one more is a 429. */
  maxPerUser?: number;
}

/**
 * `GET /api/notification/stream/` (decision 046): Server-Sent Events for the caller. A `count`
 * event on open (so a reconnect catches up), then a `notification` event per new notification,
 * `{ unread_count, notification }` with the item as the list answers it.
 */
export function notificationStream(deps: NotificationStreamDeps): RequestHandler {
  const heartbeatMs = deps.heartbeatMs ?? 25_000;
  const maxPerUser = deps.maxPerUser ?? 5;
  const streams = new Map<number, Set<OpenStream>>();
  let ticker: NodeJS.Timeout | undefined;
  let subscription: Promise<unknown> | undefined;
  const report = (error: unknown) => deps.onBackgroundError?.(error, 'live notifications');

  const deliver = async (notified: Notified) => {
    const open = streams.get(notified.recipientId);
    if (!open) return;
    const [count, notification] = await Promise.all([
      unreadCount(deps.db, notified.recipientId, NOTIFICATION_TYPES),
      notificationItem(deps.db, notified.recipientId, notified.notificationId),
    ]);
    if (!notification) return;
    const event = sseEvent('notification', { unread_count: count, notification } satisfies NotificationLive);
    for (const stream of open) stream.write(event);
  };
  // One timer for every stream: the heartbeat, and the end of streams whose server is draining
  // (they would otherwise hold its shutdown until the hard exit; the browser reconnects elsewhere).
  const tick = () => {
    for (const open of streams.values()) {
      for (const stream of open) {
        if (stream.server && !stream.server.listening) stream.res.end(() => stream.socket.end());
        else if (Date.now() - stream.lastWrite >= heartbeatMs) stream.write(': ping\n\n');
      }
    }
  };
  const subscribe = () => {
    // One subscription for every stream of this app, made when the first opens.
    const made = (subscription ??= deps.notificationBus.subscribe((notified) => void deliver(notified).catch(report), report));
    made.catch(() => {
      if (subscription === made) subscription = undefined;
    });
    return made;
  };

  return async (req, res) => {
    const user = requireUser(req);
    // Gone already (while being authenticated): its 'close' has passed, so it must not be counted.
    if (req.socket.destroyed) return;
    const mine = streams.get(user.id) ?? new Set<OpenStream>();
    if (mine.size >= maxPerUser) {
      res.status(429).json({ detail: 'Too many open notification streams.' });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    const stream: OpenStream = {
      res,
      socket: req.socket,
      server: serverOf(req.socket),
      lastWrite: 0,
      write(chunk) {
        this.lastWrite = Date.now();
        res.write(chunk);
      },
    };
    stream.write('retry: 5000\n\n');
    mine.add(stream);
    streams.set(user.id, mine);
    if (!ticker) {
      ticker = setInterval(tick, TICK_MS);
      ticker.unref();
    }
    res.on('close', () => {
      mine.delete(stream);
      if (mine.size === 0 && streams.get(user.id) === mine) streams.delete(user.id);
      if (streams.size === 0) {
        clearInterval(ticker);
        ticker = undefined;
      }
    });
    try {
      await subscribe();
      const count = await unreadCount(deps.db, user.id, NOTIFICATION_TYPES);
      stream.write(sseEvent('count', { unread_count: count }));
    } catch (error) {
      // Headers are out: end the stream, and the browser's EventSource tries again.
      report(error);
      res.end();
    }
  };
}

const TICK_MS = 1000;

interface OpenStream {
  res: Response;
  socket: Socket;
  /** The server it came through, to notice a drain (absent where the request had no socket server). */
  server: Server | undefined;
  lastWrite: number;
  write(chunk: string): void;
}

/** Node sets the accepting server on each socket it accepts (`socket.server`), undeclared in its types. */
function serverOf(socket: Socket): Server | undefined {
  const server: unknown = Reflect.get(socket, 'server');
  return server instanceof Server ? server : undefined;
}

function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
