import type { ColumnDetail, ColumnListType } from '../../shared/column';
import type { ArticleSummary, BookletCard, Page } from '../../shared/entities';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

// Kept for client/routing/pageMeta.ts; new code imports shared/column.ts.
export type { ColumnOwner } from '../../shared/column';

/** docs/specification/content-and-commerce.md §7, columns. */
export const columnsApi = {
  get: (api: ApiClient, username: string) => api.request<ColumnDetail>({ method: 'GET', path: `/api/columns/@${encodeURIComponent(username)}/` }),

  list: (api: ApiClient, type: ColumnListType, username: string, next?: string) =>
    api.request<Page<ArticleSummary>>(
      next ? pageRequest(next) : { method: 'GET', path: `/api/columns/${type}/@${encodeURIComponent(username)}/`, query: { page: 1 } },
    ),

  /** The column's booklets after the first page (which comes with the column). */
  booklets: (api: ApiClient, username: string, next?: string) =>
    api.request<Page<BookletCard>>(
      next ? pageRequest(next) : { method: 'GET', path: `/api/columns/booklets/@${encodeURIComponent(username)}/`, query: { page: 1 } },
    ),
};
