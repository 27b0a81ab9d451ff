import type { ArticleSummary, BookletCard, Page } from './entities';
import type { FollowState } from './social';

const COLUMN_PARAM = /^@([A-Za-z0-9_.\-\u4e00-\u9fff]{1,64})$/u;

/**
 * The validity check of the `/{column}` route: only `@username` names a column.
 * Answers the username, or null when the path segment is not a column.
 */
export function columnUsername(param: string | undefined): string | null {
  if (!param) return null;
  const match = COLUMN_PARAM.exec(param);
  return match?.[1] ?? null;
}

/** The canonical link of a user's column (docs/specification/shell.md §2). */
export function columnPath(username: string): string {
  return `/@${encodeURIComponent(username)}/`;
}

/** The column's owner as `GET /api/columns/@{name}/` shows them, with the reader's follow state. */
export interface ColumnOwner extends FollowState {
  username: string;
  avatar: string;
  description: string;
  city: string;
  column: string;
}

/** `GET /api/columns/@{name}/`: the owner and the first page of both lists. */
export interface ColumnDetail {
  owner: ColumnOwner;
  originals: Page<ArticleSummary>;
  favorites: Page<ArticleSummary>;
  /**
   * The owner's booklets, newest first (`GET /api/columns/booklets/@{name}/` pages on): this site's
   * own addition (docs/decisions/067), absent from a back end that does not have it.
   */
  booklets?: Page<BookletCard>;
}

/** A column's two lists, each paged on its own: `GET /api/columns/{list}/@{name}/` answers a `Page<ArticleSummary>`. */
export const COLUMN_LISTS = ['originals', 'favorites'] as const;
export type ColumnListType = (typeof COLUMN_LISTS)[number];
