/** The upload-token call's shape, the same on both sides (docs/specification/content-and-commerce.md §7). */

/** `GET /api/attachments/qiniu/token/?article_id=`: a form-upload token for one article's images. */
export interface UploadToken {
  token: string;
  /** Where the multipart form goes (the embedded backend: `/media/upload/`). */
  upload_url: string;
  domain: string;
}
