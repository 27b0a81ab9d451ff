import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Page } from '../../../shared/entities';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type MarkedRead,
  type MarkReadRequest,
  type NotificationItem,
  type NotificationKind,
  type NotificationUnreadCount,
} from '../../../shared/notifications';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { pageLinks, pageQuery } from '../pagination';
import { requestSchema } from '../requestSchema';
import type { NotificationBus } from '../../notifications/bus';
import { listNotifications, markAllRead, unreadCount } from '../../notifications/notifications';
import { notificationStream } from './stream';

/** `action=favorite&action=follow` or `action=favorite,follow`; absent: all five. */
const actions = z
  .union([z.string().max(200), z.array(z.string().max(40)).max(10)])
  .optional()
  .transform((raw) => (raw === undefined ? [] : [raw].flat().flatMap((a) => a.split(','))))
  .pipe(z.array(z.enum(NOTIFICATION_TYPES)))
  .transform((list): readonly NotificationKind[] => (list.length === 0 ? NOTIFICATION_TYPES : [...new Set(list)]));
const unreadFilter = z.literal('unread', { message: "The only filter is 'unread'." });

const listQuery = pageQuery(NOTIFICATION_PAGE_SIZE, 50).extend({ action: actions, filter: unreadFilter.optional() });
const countQuery = z.object({ action: actions, filter: unreadFilter.optional() });
const readQuery = z.object({ filter: unreadFilter });
const readBody = requestSchema<MarkReadRequest>()(z.object({ read: z.literal(true, { message: 'Only read=true is accepted.' }) }));

/**
 * The messaging service of docs/specification/shell.md §7, mounted at `/api/notification` — the same paths
 * `MESSAGE_UPSTREAM` sends elsewhere in proxy mode. Every call is the caller's own.
 */
export function notificationRoutes(deps: {
  db: Kysely<DB>;
  now: () => number;
  origin: string;
  notificationBus: NotificationBus;
  onBackgroundError?: (error: unknown, what: string) => void;
  notificationStreamsPerProcess?: number;
}): Router {
  const router = Router();
  router.get('/stream/', notificationStream({ ...deps, maxPerProcess: deps.notificationStreamsPerProcess }));
  router.get('/count/', async (req, res) => {
    const user = requireUser(req);
    const query = countQuery.parse(req.query);
    const count = await unreadCount(deps.db, user.id, query.action);
    res.json({ count: 1, next: null, previous: null, results: [{ unread_count: count }] } satisfies NotificationUnreadCount);
  });
  router.get('/', async (req, res) => {
    const user = requireUser(req);
    const query = listQuery.parse(req.query);
    const { count, results, edges } = await listNotifications(
      deps.db,
      user.id,
      query.action,
      query.filter === 'unread',
      query.page,
      query.page_size,
      query.cursor,
    );
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, query.page, query.page_size, count, edges), results } satisfies Page<NotificationItem>);
  });
  router.put('/', async (req, res) => {
    const user = requireUser(req);
    readQuery.parse(req.query);
    readBody.parse(req.body);
    const updated = await markAllRead(deps.db, user.id, deps.now());
    res.json({ updated, unread_count: 0 } satisfies MarkedRead);
  });
  return router;
}
