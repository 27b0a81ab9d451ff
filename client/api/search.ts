import type { SearchPage, SearchType } from '../../shared/search';
import type { ApiClient } from './client';

/** `GET /api/search/` (docs/decisions/038): public articles, columns and booklets by words. */
export const searchApi = {
  search: (api: ApiClient, query: { q: string; type?: SearchType; page: number }) =>
    api.request<SearchPage>({
      method: 'GET',
      path: '/api/search/',
      query: { q: query.q, type: query.type, page: query.page },
    }),
};
