import type { FavoriteRequest, FavoriteState, FollowRequest, FollowState, ThumbsUpRequest, ThumbsUpState } from '../../shared/social';
import type { ApiClient } from './client';

/** docs/specification/content-and-commerce.md §7: likes, favourites, follows. */
export const socialApi = {
  thumbsUp: (api: ApiClient, slug: string, cancel: boolean) =>
    api.request<ThumbsUpState>({
      method: 'POST',
      path: '/api/columns/thumbsup/',
      body: { article_slug: slug, cancel } satisfies ThumbsUpRequest,
    }),
  favorite: (api: ApiClient, slug: string, unfavorite: boolean) =>
    api.request<FavoriteState>({
      method: 'POST',
      path: '/api/columns/favorite/',
      body: { article_slug: slug, unfavorite } satisfies FavoriteRequest,
    }),
  follow: (api: ApiClient, username: string, on: boolean) =>
    api.request<FollowState>({
      method: on ? 'POST' : 'DELETE',
      path: '/api/follow/user/',
      body: { following_name: username } satisfies FollowRequest,
    }),
};
