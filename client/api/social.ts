import type { ApiClient } from './client';

/** docs/specification/content-and-commerce.md §7: likes, favourites, follows. */
export const socialApi = {
  thumbsUp: (api: ApiClient, slug: string, cancel: boolean) =>
    api.request<{ thumb_up_count: number; thumb_up_status: boolean }>({
      method: 'POST',
      path: '/api/columns/thumbsup/',
      body: { article_slug: slug, cancel },
    }),
  favorite: (api: ApiClient, slug: string, unfavorite: boolean) =>
    api.request<{ favorite_count: number; favorite_status: boolean }>({
      method: 'POST',
      path: '/api/columns/favorite/',
      body: { article_slug: slug, unfavorite },
    }),
  follow: (api: ApiClient, username: string, on: boolean) =>
    api.request<{ follower_count: number; follow_status: null | 'following' | 'bidirectional' }>({
      method: on ? 'POST' : 'DELETE',
      path: '/api/follow/user/',
      body: { following_name: username },
    }),
};
