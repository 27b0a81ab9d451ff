import type { Page } from '../../shared/entities';
import { NOTIFICATION_TYPES, type MarkedRead, type MarkReadRequest, type NotificationUnreadCount } from '../../shared/notifications';
import type { ApiClient } from './client';

const ACTIONS = NOTIFICATION_TYPES.join(',');

/**
 * docs/specification/shell.md §7, the messaging service (`MESSAGE_UPSTREAM` in proxy mode). Items stay
 * `unknown` until `readNotification` checks them: bad data is shown, not trusted. (The embedded
 * server's items are `NotificationItem`s of shared/notifications.ts.)
 */
export const notificationsApi = {
  unreadCount: (api: ApiClient) =>
    api.request<NotificationUnreadCount>({
      method: 'GET',
      path: '/api/notification/count/',
      query: { filter: 'unread', action: ACTIONS },
    }),
  list: (api: ApiClient, page: number, pageSize: number) =>
    api.request<Page<unknown>>({ method: 'GET', path: '/api/notification/', query: { action: ACTIONS, page, page_size: pageSize } }),
  markAllRead: (api: ApiClient) =>
    api.request<MarkedRead>({ method: 'PUT', path: '/api/notification/', query: { filter: 'unread' }, body: { read: true } satisfies MarkReadRequest }),
};
