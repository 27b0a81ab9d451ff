import type { BookletCard, BookletDetail, BookletItemDetail, BookletRatingItem, BookletRatingRequest, Page } from '../../shared/entities';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

const base = (slug: string) => `/api/booklets/${encodeURIComponent(slug)}`;

/** docs/specification/content-and-commerce.md §7, booklets (reading and rating). */
export const bookletsApi = {
  /** The booklets anyone may open, newest first (home and discovery); `next` is a page link the API gave earlier. */
  publicList: (api: ApiClient, next?: string) =>
    api.request<Page<BookletCard>>(next ? pageRequest(next) : { method: 'GET', path: '/api/v2/booklets/public/', query: { page_size: 20 } }),

  get: (api: ApiClient, slug: string) => api.request<BookletDetail>({ method: 'GET', path: `${base(slug)}/` }),

  item: (api: ApiClient, slug: string, childSlug: string) =>
    api.request<BookletItemDetail>({ method: 'GET', path: `${base(slug)}/item/${encodeURIComponent(childSlug)}/` }),

  ratings: (api: ApiClient, slug: string, next?: string) =>
    api.request<Page<BookletRatingItem>>(next ? pageRequest(next) : { method: 'GET', path: `${base(slug)}/ratings/` }),

  rate: (api: ApiClient, slug: string, rating: number, review: string) =>
    api.request<BookletRatingItem>({ method: 'POST', path: `${base(slug)}/ratings/`, body: { rating, review } satisfies BookletRatingRequest }),
};
