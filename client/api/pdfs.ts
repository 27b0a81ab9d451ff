import type { ApiClient } from './client';

/** docs/specification/content-and-commerce.md §7: an article's PDF export; `url` only once it is made. */
export interface PdfExportStatus {
  status: 'pending' | 'processing' | 'success' | 'failed';
  url?: string;
}

/** docs/specification/content-and-commerce.md §7: the month's PDF exports of the signed-in user. */
export interface PdfQuota {
  pdf_limit: number;
  pdf_count: number;
  remaining: number;
  /** False when this server cannot render PDFs (no Chromium). */
  available: boolean;
}

/** docs/specification/content-and-commerce.md §7, PDF export. */
export const pdfsApi = {
  /** Starts an export when none exists for the article's current version, else reports it. */
  articleStatus: (api: ApiClient, articleId: number) => api.request<PdfExportStatus>({ method: 'GET', path: `/api/pdfs/article/${articleId}/` }),

  quota: (api: ApiClient) => api.request<PdfQuota>({ method: 'GET', path: '/api/pdfs/' }),
};
