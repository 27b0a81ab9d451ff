import type { MemberTier } from './constants';

/** Effective role: a paid tier while it lasts, otherwise the base role. */
export type AccountRole = 'user' | 'reseller' | 'operator' | MemberTier;

/** Seed 001 §3 Account info; `id` is absent when signed out. */
export interface AccountInfo {
  id?: number;
  username?: string;
  email?: string;
  avatar?: string;
  role?: AccountRole;
  coin?: number;
  gender?: boolean | null;
  birthday?: string | null;
  description?: string;
  city?: string;
  city_key?: string;
  habits?: string;
  habits_key?: string;
  register_date?: string;
  /** The user's column path, `/@{username}/`. */
  column?: string;
}

/** A DRF error body: `{detail}` or field errors `{field: [messages]}`. */
export type DrfErrorBody = { detail: string } | Record<string, string[]>;

/** The author line of an article (seed 001 §3). */
export interface ArticleAuthor {
  username: string;
  avatar: string;
  description: string;
  column: string;
  follower_count: number;
  /** Seed 001 §3: null, following or bidirectional. */
  follow_status: null | 'following' | 'bidirectional';
}

/** An article as a reader gets it from `GET /api/article/{slug}/`. */
export interface ArticleDetail {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover_url: string;
  /** Sanitised HTML. */
  content: string;
  theme: string;
  style: string;
  word_count: number;
  language: string;
  created: string;
  modified: string;
  author: ArticleAuthor;
  thumb_up_count: number;
  thumb_up_status: boolean;
  favorite_count: number;
  favorite_status: boolean;
}

/** DRF pagination: absolute `next`/`previous` links (the client strips the host). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** An article in a public list (home, discovery). */
export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover_url: string;
  language: string;
  modified: string;
  author: Pick<ArticleAuthor, 'username' | 'avatar' | 'column'>;
}

/** Seed 001 §5: a comment is cut to its first 140 characters. */
export const COMMENT_MAX_LENGTH = 140;

export interface CommentItem {
  id: number;
  text: string;
  created: string;
  author: Pick<ArticleAuthor, 'username' | 'avatar' | 'column'>;
  /** Replies to this comment, oldest first (only on top-level comments). */
  replies: CommentItem[];
}
