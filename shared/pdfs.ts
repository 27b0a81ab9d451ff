/** The PDF export calls' shapes, the same on both sides (docs/specification/content-and-commerce.md §7). */

/** An article's PDF export; `url` only once it is made. */
export interface PdfExportStatus {
  status: 'pending' | 'processing' | 'success' | 'failed';
  url?: string;
}

/** The month's PDF exports of the signed-in user. */
export interface PdfQuota {
  pdf_limit: number;
  pdf_count: number;
  remaining: number;
  /** False when this server cannot render PDFs (no Chromium). */
  available: boolean;
}
