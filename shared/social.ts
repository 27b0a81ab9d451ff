/** The like, favourite and follow calls' shapes, the same on both sides (docs/specification/content-and-commerce.md §7). */

/** How the reader relates to a user: null, following, or following each other. */
export type FollowStatus = null | 'following' | 'bidirectional';

/** `POST /api/columns/thumbsup/`: like an article, or take the like back with `cancel`. */
export interface ThumbsUpRequest {
  article_slug: string;
  cancel?: boolean;
}

/** An article's likes and whether the reader is among them (the answer to a like, and part of the article). */
export interface ThumbsUpState {
  thumb_up_count: number;
  thumb_up_status: boolean;
}

/** `POST /api/columns/favorite/`: favourite an article, or take it back with `unfavorite`. */
export interface FavoriteRequest {
  article_slug: string;
  unfavorite?: boolean;
}

/** An article's favourites and whether the reader is among them (the answer to a favourite, and part of the article). */
export interface FavoriteState {
  favorite_count: number;
  favorite_status: boolean;
}

/** `POST` (follow) or `DELETE` (unfollow) `/api/follow/user/`. */
export interface FollowRequest {
  following_name: string;
}

/** A user's followers and how the reader relates to them (the answer to a follow, and part of an author or column owner). */
export interface FollowState {
  follower_count: number;
  follow_status: FollowStatus;
}
