import type { BookletFields, BookletSalesMode } from './entities';

/** Limits of the booklet forms and tree (decision 021). */
export const BOOKLET_NAME_MAX = 200;
export const BOOKLET_HEADING_MAX = 300;
export const BOOKLET_DESCRIPTION_MAX = 5000;
export const BOOKLET_DIRECTORY_TITLE_MAX = 200;
export const BOOKLET_COVER_MAX_BYTES = 5 * 1024 * 1024;
/** How deep directories nest: a chapter sits at most this many levels down. */
export const BOOKLET_MAX_DEPTH = 5;
/** Items (directories and chapters) one booklet holds at most. */
export const BOOKLET_MAX_ITEMS = 500;
/** docs/specification/content-and-commerce.md §9: the booklet list's page size. */
export const BOOKLET_PAGE_SIZE = 20;

export type BookletTrashStatus = 'not_in_trash' | 'in_trash';

/**
 * The text fields of the booklet form (multipart: `POST /api/booklets/`, `PATCH /api/booklet/{id}/`),
 * sent only when present; the cover goes beside them as the file field `cover`.
 */
export interface BookletFormText {
  name?: string;
  heading?: string;
  description?: string;
  /** Yuan, as the author typed it ('20.50'); '0' makes the booklet free. */
  price?: string;
}

/** What the owner sees of a node of the tree. */
export interface ManagedBookletItemDetail {
  /** A directory's own title, or the chapter's article title. */
  title: string;
  sales_mode: BookletSalesMode;
  /** Chapters only. */
  article_id: number | null;
  article_slug: string | null;
  /** The chapter's article is in the trash (hidden by `hide_removed=1`). */
  removed: boolean;
  /** The chapter's article is private: readers do not see it. */
  private: boolean;
}

/** A node of the owner's tree (docs/specification/content-and-commerce.md §3: id, order, children; chapters carry type and detail). */
export interface ManagedBookletItem {
  id: number;
  slug: string;
  type: 'directory' | 'article';
  order: number;
  detail: ManagedBookletItemDetail;
  children: ManagedBookletItem[];
}

/** A booklet as its owner manages it; `detail` (the tree) only on `GET /api/booklet/{id}/`. */
export interface ManagedBooklet extends BookletFields {
  /** What its paid chapters cost together, in yuan ('20.50'); '0.00' is free: they read free. */
  price: string;
  owner: { username: string };
  trashed: boolean;
  chapter_count: number;
  created: string;
  modified: string;
  detail?: ManagedBookletItem[];
}

/** A node of the reorder call: `PUT /api/booklet/{id}/ {detail: [...]}`. */
export interface BookletOrderNode {
  id: number;
  order: number;
  children: BookletOrderNode[];
}

/** `PUT /api/booklet/{id}/`: the whole tree in its new order; answers the booklet with its tree. */
export interface BookletReorderRequest {
  detail: BookletOrderNode[];
}

/** `POST /api/booklet/{id}/items/`: a directory or a chapter, at the end of `parent_id` (null: the top). */
export type NewBookletItem = { type: 'directory'; title: string; parent_id: number | null } | { type: 'article'; article_id: number; parent_id: number | null };

/** `PATCH /api/booklet/{id}/items/{itemId}/`: a directory's title, a chapter's sales mode. */
export interface BookletItemChanges {
  title?: string;
  sales_mode?: BookletSalesMode;
}
