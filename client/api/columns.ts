import type { ColumnDetail } from '../../shared/column';
import type { ArticleSummary, Page } from '../../shared/entities';

export type { ColumnDetail, ColumnOwner } from '../../shared/column';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

export type ColumnListType = 'originals' | 'favorites';

/** docs/specification/content-and-commerce.md §7, columns. */
export const columnsApi = {
  get: (api: ApiClient, username: string) => api.request<ColumnDetail>({ method: 'GET', path: `/api/columns/@${encodeURIComponent(username)}/` }),

  list: (api: ApiClient, type: ColumnListType, username: string, next?: string) =>
    api.request<Page<ArticleSummary>>(
      next ? pageRequest(next) : { method: 'GET', path: `/api/columns/${type}/@${encodeURIComponent(username)}/`, query: { page: 1 } },
    ),
};
