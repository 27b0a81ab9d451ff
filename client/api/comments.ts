import type { CommentItem, CommentRequest, Page } from '../../shared/entities';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

/** docs/specification/content-and-commerce.md §7, comments. */
export const commentsApi = {
  list: (api: ApiClient, slug: string, next?: string) =>
    api.request<Page<CommentItem>>(next ? pageRequest(next) : { method: 'GET', path: `/api/comments/article/${encodeURIComponent(slug)}/` }),
  add: (api: ApiClient, slug: string, text: string, parent: number | null) =>
    api.request<CommentItem>({ method: 'POST', path: `/api/comments/article/${encodeURIComponent(slug)}/`, body: { text, parent } satisfies CommentRequest }),
};
