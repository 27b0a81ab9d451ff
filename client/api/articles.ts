import type { ArticleDetail } from '../../shared/entities';
import type { ApiClient } from './client';

/** Seed 001 §7, articles (reading). */
export const articlesApi = {
  read: (api: ApiClient, slug: string, shareCode?: string | null) =>
    api.request<ArticleDetail>({
      method: 'GET',
      path: `/api/article/${encodeURIComponent(slug)}/`,
      headers: shareCode ? { 'X-Share-Code': shareCode } : undefined,
    }),
};
