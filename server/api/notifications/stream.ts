import { Server, type Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { NOTIFICATION_TYPES, type NotificationLive } from '../../../shared/notifications';
import { credentialKey, standingCredentials, type Credential } from '../../accounts/standingCredentials';
import type { DB } from '../../db/schema';
import { type Auth, requireUser } from '../auth';
import { ApiError, NOT_AUTHENTICATED } from '../errors';
import type { NotificationBus, Notified } from '../../notifications/bus';
import { notificationItem, unreadCount } from '../../notifications/notifications';

export interface NotificationStreamDeps {
  db: Kysely<DB>;
  notificationBus: NotificationBus;
  onBackgroundError?: (error: unknown, what: string) => void;
  /** The clock sessions expire by (tests move it). */
  now?: () => number;
  /** A comment line this often keeps proxies and the browser from closing an idle stream. */
  heartbeatMs?: number;
  /** Open streams per user at most (tabs); one more is a 429. */
  maxPerUser?: number;
  /** Open streams of this process at most, every user together; one more is a 429. */
  maxPerProcess?: number;
  /** Every open stream's session or token is checked again this often, and the stream ended once it is gone. */
  sessionCheckMs?: number;
}

/** The default of `maxPerProcess` (NOTIFICATION_STREAMS_PER_PROCESS, server/config.ts). */
export const MAX_STREAMS_PER_PROCESS = 1000;
/** The default of `sessionCheckMs` (docs/decisions/061). */
export const SESSION_CHECK_MS = 2000;
export const TOO_MANY_STREAMS = 'Too many open notification streams.';
export const SERVER_STREAMS_FULL = 'This server holds as many notification streams as it can. Try again later.';

/**
 * `GET /api/notification/stream/` (decision 046): Server-Sent Events for the caller. A `count`
 * event on open (so a reconnect catches up), then a `notification` event per new notification,
 * `{ unread_count, notification }` with the item as the list answers it.
 *
 * A stream lasts only as long as what opened it (docs/decisions/061): before each event the
 * stream's session or token is read again, and every `sessionCheckMs` all open streams' are, in
 * one query; a stream whose session is gone or expired, or whose account may no longer sign in,
 * is ended and sent nothing more.
 */
export function notificationStream(deps: NotificationStreamDeps): RequestHandler {
  const heartbeatMs = deps.heartbeatMs ?? 25_000;
  const maxPerUser = deps.maxPerUser ?? 5;
  const maxPerProcess = deps.maxPerProcess ?? MAX_STREAMS_PER_PROCESS;
  const sessionCheckMs = deps.sessionCheckMs ?? SESSION_CHECK_MS;
  const tickMs = Math.min(TICK_MS, sessionCheckMs);
  const now = deps.now ?? Date.now;
  const streams = new Map<number, Set<OpenStream>>();
  let openCount = 0;
  let ticker: NodeJS.Timeout | undefined;
  let lastCheck = Date.now();
  let checking = false;
  let subscription: Promise<unknown> | undefined;
  const report = (error: unknown) => deps.onBackgroundError?.(error, 'live notifications');

  /** The streams whose credential still stands; the others are ended. Throws when the database cannot say (nothing is ended then). */
  const standing = async (candidates: readonly OpenStream[]): Promise<OpenStream[]> => {
    const open = candidates.filter((stream) => !stream.ended);
    if (open.length === 0) return [];
    const kept = await standingCredentials(
      deps.db,
      open.map((stream) => stream.credential),
      now(),
    );
    return open.filter((stream) => {
      if (kept.has(credentialKey(stream.credential))) return true;
      stream.end();
      return false;
    });
  };

  const deliver = async (notified: Notified) => {
    const open = streams.get(notified.recipientId);
    if (!open) return;
    const [count, notification] = await Promise.all([
      unreadCount(deps.db, notified.recipientId, NOTIFICATION_TYPES),
      notificationItem(deps.db, notified.recipientId, notified.notificationId),
    ]);
    if (!notification) return;
    const event = sseEvent('notification', { unread_count: count, notification } satisfies NotificationLive);
    // Checked last, just before writing: a session ended while the item was read gets nothing.
    for (const stream of await standing([...open])) stream.write(event);
  };
  const checkAll = () => {
    lastCheck = Date.now();
    checking = true;
    // A database that cannot answer ends nothing: the events themselves are checked again before they go.
    void standing([...streams.values()].flatMap((open) => [...open]))
      .catch(report)
      .finally(() => {
        checking = false;
      });
  };
  // One timer for every stream: the heartbeat, the session checks, and the end of streams whose server
  // is draining (they would otherwise hold its shutdown until the hard exit; the browser reconnects elsewhere).
  const tick = () => {
    for (const open of streams.values()) {
      for (const stream of open) {
        if (stream.server && !stream.server.listening) stream.end(() => stream.socket.end());
        else if (Date.now() - stream.lastWrite >= heartbeatMs) stream.write(': ping\n\n');
      }
    }
    // Half a tick of slack: a tick that fires a few ms early would otherwise put the check off a whole tick.
    if (!checking && Date.now() - lastCheck >= sessionCheckMs - tickMs / 2) checkAll();
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
    const credential = credentialOf(req.auth);
    if (!credential) throw ApiError.detail(403, NOT_AUTHENTICATED);
    // Gone already (while being authenticated): its 'close' has passed, so it must not be counted.
    if (req.socket.destroyed) return;
    if (openCount >= maxPerProcess) {
      res.status(429).set('Retry-After', String(RETRY_AFTER_S)).json({ detail: SERVER_STREAMS_FULL });
      return;
    }
    const mine = streams.get(user.id) ?? new Set<OpenStream>();
    if (mine.size >= maxPerUser) {
      res.status(429).json({ detail: TOO_MANY_STREAMS });
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
      credential,
      lastWrite: 0,
      ended: false,
      write(chunk) {
        if (this.ended) return;
        this.lastWrite = Date.now();
        res.write(chunk);
      },
      end(then) {
        if (this.ended) return;
        this.ended = true;
        res.end(then);
      },
    };
    stream.write('retry: 5000\n\n');
    mine.add(stream);
    streams.set(user.id, mine);
    openCount++;
    if (!ticker) {
      lastCheck = Date.now();
      ticker = setInterval(tick, tickMs);
      ticker.unref();
    }
    res.on('close', () => {
      stream.ended = true;
      mine.delete(stream);
      openCount--;
      if (mine.size === 0 && streams.get(user.id) === mine) streams.delete(user.id);
      if (streams.size === 0) {
        clearInterval(ticker);
        ticker = undefined;
      }
    });
    try {
      await subscribe();
      const count = await unreadCount(deps.db, user.id, NOTIFICATION_TYPES);
      // The session was read as the request came in; subscribing may have taken a while.
      if ((await standing([stream])).length > 0) stream.write(sseEvent('count', { unread_count: count }));
    } catch (error) {
      // Headers are out: end the stream, and the browser's EventSource tries again.
      report(error);
      stream.end();
    }
  };
}

const TICK_MS = 1000;
/** What a refusal for a full process suggests: the browser's EventSource gives up on any refusal, and the bell reads on open meanwhile. */
const RETRY_AFTER_S = 30;

interface OpenStream {
  res: Response;
  socket: Socket;
  /** The server it came through, to notice a drain (absent where the request had no socket server). */
  server: Server | undefined;
  /** What opened it, read again before each event and on the timer. */
  credential: Credential;
  lastWrite: number;
  /** Ended by us or closed by the client: nothing more is written. */
  ended: boolean;
  write(chunk: string): void;
  end(then?: () => void): void;
}

/** The session or token the request was authenticated with. */
function credentialOf(auth: Auth | undefined): Credential | null {
  if (auth?.via === 'session' && auth.sessionHash) return { kind: 'session', sessionHash: auth.sessionHash };
  if (auth?.via === 'token' && auth.tokenId !== null) return { kind: 'token', tokenId: auth.tokenId };
  return null;
}

/** Node sets the accepting server on each socket it accepts (`socket.server`), undeclared in its types. */
function serverOf(socket: Socket): Server | undefined {
  const server: unknown = Reflect.get(socket, 'server');
  return server instanceof Server ? server : undefined;
}

function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
