import type { ArticleErrorReason } from './articleErrors';
import type { MemberTier } from './constants';
import type { ReadingScript } from './readingScript';
import type { FavoriteState, FollowState, ThumbsUpState } from './social';

/** Effective role: a paid tier while it lasts, otherwise the base role. */
export type AccountRole = 'user' | 'reseller' | 'operator' | MemberTier;

/** docs/specification/content-and-commerce.md §3 Account info; `id` is absent when signed out. */
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

/** A DRF message: the answer of a call that has nothing else to say, and the error body of most refusals. */
export interface DetailMessage {
  detail: string;
}

/** A DRF error body: `{detail}` or field errors `{field: [messages]}`. */
export type DrfErrorBody = DetailMessage | Record<string, string[]>;

/** The author line of an article (docs/specification/content-and-commerce.md §3), with the reader's follow state. */
export interface ArticleAuthor extends FollowState {
  username: string;
  avatar: string;
  description: string;
  column: string;
}

/** What every article shape carries: its text, look and dates. */
export interface ArticleBody {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover_url: string;
  /** Sanitised HTML. */
  content: string;
  theme: string;
  /** The background name (shared/themes.ts BACKGROUNDS) or ''. */
  style: string;
  word_count: number;
  created: string;
  modified: string;
}

/** An article as a reader gets it from `GET /api/article/{slug}/`, with its likes and favourites as the reader sees them. */
export interface ArticleDetail extends ArticleBody, ThumbsUpState, FavoriteState {
  language: string;
  author: ArticleAuthor;
  /** Top-level comments (replies sit inside them), so the page shows the count before the list loads. */
  comment_count: number;
  /** Set when the article is a paid booklet chapter its reader has not bought: `content` is then empty. */
  paywall?: ArticlePaywall | null;
  /** The booklet it is a chapter of, and its neighbours there (`GET /api/article/{slug}/` only). */
  booklet_place?: ArticleBookletPlace | null;
  /**
   * The script its title, description and text were converted into for this reader (their
   * `zine_script` cookie; decision 038), or null when it reads as written. Absent from a backend without it.
   */
  script?: ReadingScript | null;
  /**
   * Only for its author and operators (the review page): why other readers cannot read
   * it (private, in review, banned...), or null when it is public.
   */
  review_state?: ArticleErrorReason | null;
}

/** Where a locked chapter is sold (decision 007): the booklet to buy and the chapter's place in it. */
export interface ArticlePaywall {
  booklet: { slug: string; name: string; price: BookletPrice };
  chapter: string;
}

/** A price in the currency's smallest unit (cents, fen). */
export interface BookletPrice {
  amount_cents: number;
  currency: string;
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

/** docs/specification/content-and-commerce.md §5: a comment is cut to its first 140 characters. */
export const COMMENT_MAX_LENGTH = 140;

export interface CommentItem {
  id: number;
  text: string;
  created: string;
  author: Pick<ArticleAuthor, 'username' | 'avatar' | 'column'>;
  /** Replies to this comment, oldest first (only on top-level comments). */
  replies: CommentItem[];
}

/** `POST /api/comments/article/{slug}/`: a comment, or a reply to the comment `parent`. */
export interface CommentRequest {
  text: string;
  parent?: number | null;
}

/** docs/specification/content-and-commerce.md §3 Booklet: a tree of chapters (articles) and directories, optionally sold. */
export type BookletSalesMode = 'free' | 'payment_required';

/** What a node of the reading tree shows: its title and, for a chapter, whether it is locked for this reader. */
export interface BookletNodeDetail {
  title: string;
  sales_mode: BookletSalesMode;
  /** A payment_required chapter of a booklet this reader has not bought. */
  locked: boolean;
  /** Chapters only. */
  word_count?: number;
}

/** A node of the reading tree: chapters without a readable article and empty directories are dropped (docs/specification/content-and-commerce.md §5). */
export interface BookletNode {
  id: number;
  slug: string;
  type: 'directory' | 'article';
  order: number;
  detail: BookletNodeDetail;
  children: BookletNode[];
}

export interface BookletRatingSummary {
  /** Mean of the ratings, one decimal; null before the first. */
  average: number | null;
  count: number;
}

/** What names and shows a booklet, to its readers and to its owner. */
export interface BookletFields {
  id: number;
  slug: string;
  name: string;
  heading: string;
  description: string;
  /** The cover image URL, or ''. */
  cover: string;
}

/** A booklet in a reader's list (home, discovery, a column): what its card shows. */
export interface BookletCard {
  id: number;
  slug: string;
  name: string;
  heading: string;
  /** The cover image URL, or ''. */
  cover: string;
  /** Null: free to read (price 0). */
  price: BookletPrice | null;
  /** Chapters anyone may open the page of (public, not trashed); paid ones count too. */
  chapter_count: number;
  modified: string;
  author: Pick<ArticleAuthor, 'username' | 'avatar' | 'column'>;
}

/** Where a chapter's own article page stands in its booklet: the booklet and the chapters either side in reading order. */
export interface ArticleBookletPlace {
  booklet: { slug: string; name: string };
  /** The chapter's slug inside the booklet. */
  chapter: string;
  previous: BookletLink | null;
  next: BookletLink | null;
}

/** `GET /api/booklets/{slug}/`. */
export interface BookletDetail extends BookletFields {
  owner: Pick<ArticleAuthor, 'username' | 'avatar' | 'description' | 'column'>;
  /** The reading tree. */
  children: BookletNode[];
  payment: {
    /** The reader bought the booklet. */
    bought: boolean;
    price: BookletPrice;
    /** How many chapters are payment_required. */
    paid_chapters: number;
  };
  rating: BookletRatingSummary;
  /** The reader's own rating, if any. */
  my_rating: { rating: number; review: string } | null;
  created: string;
  modified: string;
}

/** A neighbour in the reading order; the slug `end` is the virtual page after the last chapter. */
export interface BookletLink {
  slug: string;
  title: string;
}

/** `GET /api/booklets/{slug}/item/{childSlug}/`: a chapter or a directory. */
export interface BookletItemDetail {
  id: number;
  slug: string;
  type: 'directory' | 'article';
  title: string;
  sales_mode: BookletSalesMode;
  locked: boolean;
  /** The chapter's article; its content is empty (and `paywall` says where to buy) when locked. Null for a directory. */
  detail: ArticleDetail | null;
  /** A directory's readable children. */
  children: BookletNode[];
  previous: BookletLink | null;
  next: BookletLink | null;
}

/** docs/specification/content-and-commerce.md §3 Booklet rating. */
export interface BookletRatingItem {
  id: number;
  rating: number;
  review: string;
  created: string;
  modified: string;
  author: Pick<ArticleAuthor, 'username' | 'avatar' | 'column'>;
}

export const BOOKLET_REVIEW_MAX_LENGTH = 1000;

/** `POST /api/booklets/{slug}/ratings/`: the reader's rating (1 to 5) and review; a second one replaces the first. */
export interface BookletRatingRequest {
  rating: number;
  review: string;
}

/** How an article is shared, shown in the editor's list (public; a live share link; in a booklet). */
export type SharedMark = 'public' | 'share_link' | 'booklet';

/** `GET/POST/PATCH /api/articles/{id}/`: an article as its author edits it. */
export interface EditableArticle extends ArticleBody {
  /** ISO time of the author's last edit, as the editor sent it; the version a save is checked against. */
  client_modify_date: string;
  tags: string[];
  visibility: 'public' | 'private';
  trashed: boolean;
  shared_marks: SharedMark[];
}

/** What the editor may send to create (`POST /api/articles/`) or change (`PATCH`) an article. */
export interface EditableArticleInput {
  title?: string;
  description?: string;
  cover_url?: string;
  content?: string;
  theme?: string;
  style?: string;
  word_count?: number;
  client_modify_date?: string;
  /** PATCH only. */
  visibility?: 'public' | 'private';
  /** PATCH only. */
  tags?: string[];
}

/** `GET /api/v2/articles/`: an item of the author's own list; `fields` may limit the keys. */
export interface EditorArticleListItem {
  id: number;
  slug: string;
  title: string;
  modified: string;
  description: string;
  cover_url: string;
  shared_marks: SharedMark[];
}

/** A live share link of an article. */
export interface ArticleShareLink {
  code: string;
  /** origin + /article/{slug}?share={code} */
  url: string;
  created: string;
}

/** `GET /api/fonts/` (docs/specification/content-and-commerce.md §3 Font). */
export interface EditorFont {
  font_name: string;
  /** A stylesheet declaring the font; '' for a font the device has (local_font_name). */
  web_font_url: string;
  local_font_name: string;
}

/** `GET /api/colors/` (docs/specification/content-and-commerce.md §3 Colour). */
export interface EditorColor {
  color_value: string;
}

/** The 409 of a save or delete that would overwrite a newer server version; a save carries the server copy. */
export interface ArticleConflictBody {
  detail: 'Conflict';
  article?: EditableArticle;
}

/** How a version came to be (docs/decisions/071). */
export type ArticleVersionKind = 'autosave' | 'save' | 'publish' | 'restore';

/** `GET /api/articles/{id}/versions/`: one kept version, newest first. */
export interface ArticleVersionSummary {
  id: number;
  created: string;
  kind: ArticleVersionKind;
  published: boolean;
  title: string;
  word_count: number;
  /** Characters of its HTML. */
  characters: number;
  saved_by: string;
}

/** A run of text a version shares with the other side, added to it, or removed from it. */
export interface TextChange {
  change: 'same' | 'added' | 'removed';
  text: string;
}

/** `GET /api/articles/{id}/versions/{version}/?against=previous|current`: its text as plain blocks, and what changed. */
export interface ArticleVersionDetail {
  version: ArticleVersionSummary;
  /** Its title, then its paragraphs as text (never HTML). */
  text: string;
  against: 'previous' | 'current';
  /** The version compared with (null: the current text, or nothing before it). */
  against_id: number | null;
  /** From the other side to this version: `added` is in this version only. */
  changes: TextChange[];
}
