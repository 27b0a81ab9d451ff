import type { UploadToken } from '../../shared/uploads';
import type { ApiClient } from './client';

/** What the storage's form upload answers: the stored image, or `{error}`. */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** The fields of a Qiniu-compatible form upload. */
export interface UploadForm {
  token: string;
  key: string;
  file: Blob;
  articleId: number;
}

/** docs/specification/content-and-commerce.md §7: the upload token (the traffic meter is client/api/traffic.ts). */
export const uploadsApi = {
  /** `GET /api/attachments/qiniu/token/`: a form-upload token for one article's images. */
  token: (api: ApiClient, articleId: number) =>
    api.request<UploadToken>({ method: 'GET', path: '/api/attachments/qiniu/token/', query: { article_id: articleId } }),
};

/**
 * Posts the image form straight to the storage's upload address, which need not be this
 * site's API (a Qiniu-style host): hence `fetch` with a multipart body rather than the
 * JSON ApiClient. Never throws: a network failure answers status 0.
 */
export async function postUploadForm(uploadUrl: string, form: UploadForm): Promise<UploadAnswer> {
  const body = new FormData();
  body.set('token', form.token);
  body.set('key', form.key);
  body.set('x:article_id', String(form.articleId));
  body.set('file', form.file, form.key);
  try {
    const response = await fetch(uploadUrl, { method: 'POST', body, credentials: 'same-origin' });
    const text = await response.text();
    return { status: response.status, body: parseAnswer(text) };
  } catch (error) {
    return { status: 0, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
