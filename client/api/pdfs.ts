import type { PdfExportStatus, PdfQuota } from '../../shared/pdfs';
import type { ApiClient } from './client';

export type { PdfExportStatus, PdfQuota } from '../../shared/pdfs';

/** docs/specification/content-and-commerce.md §7, PDF export. */
export const pdfsApi = {
  /** Starts an export when none exists for the article's current version, else reports it. */
  articleStatus: (api: ApiClient, articleId: number) => api.request<PdfExportStatus>({ method: 'GET', path: `/api/pdfs/article/${articleId}/` }),

  quota: (api: ApiClient) => api.request<PdfQuota>({ method: 'GET', path: '/api/pdfs/' }),
};
