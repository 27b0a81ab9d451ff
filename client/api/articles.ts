import type { ArticleDetail, ArticleSummary, Page } from '../../shared/entities';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

/** docs/specification/content-and-commerce.md §7, articles (reading). */
export const articlesApi = {
  read: (api: ApiClient, slug: string, shareCode?: string | null) =>
    api.request<ArticleDetail>({
      method: 'GET',
      path: `/api/article/${encodeURIComponent(slug)}/`,
      headers: shareCode ? { 'X-Share-Code': shareCode } : undefined,
    }),

  /** The public articles; `next` is a page link the API gave earlier. */
  publicList: (api: ApiClient, next?: string) =>
    api.request<Page<ArticleSummary>>(next ? pageRequest(next) : { method: 'GET', path: '/api/v2/articles/public/', query: { page_size: 20 } }),
};
