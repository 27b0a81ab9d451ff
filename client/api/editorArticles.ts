import type {
  ArticleConflictBody,
  ArticleShareLink,
  ArticleVersionDetail,
  ArticleVersionSummary,
  EditableArticle,
  EditableArticleInput,
  EditorArticleListItem,
  Page,
} from '../../shared/entities';
import { ApiRequestError, type ApiClient } from './client';
import { pageRequest } from './pages';

const article = (id: number) => `/api/articles/${id}/`;

/** Headers of a save: the tab's id and, when known, the version the tab's copy was based on. */
export interface SaveHeaders {
  clientId: string;
  /** The client_modify_date (ISO) the edited copy started from; a newer server copy answers 409. */
  baseModifyDate?: string | null;
  /** An autosave (the default) or a save the author asked for: X-Save-Kind (docs/decisions/071). */
  kind?: 'autosave' | 'save';
}

/** The editor list's query; `fields` limits each item to those keys (all of them when absent). */
export interface EditorListQuery<F extends keyof EditorArticleListItem = keyof EditorArticleListItem> {
  trash?: boolean;
  page?: number;
  /** At most 50; the editor uses 20. */
  pageSize?: number;
  fields?: readonly F[];
}

/** docs/specification/content-and-commerce.md §7, the editor's article calls. */
export const editorArticlesApi = {
  create: (api: ApiClient, input: EditableArticleInput, headers: SaveHeaders) =>
    api.request<EditableArticle>({ method: 'POST', path: '/api/articles/', body: input, headers: saveHeaders(headers) }),

  get: (api: ApiClient, id: number) => api.request<EditableArticle>({ method: 'GET', path: article(id) }),

  update: (api: ApiClient, id: number, input: EditableArticleInput, headers: SaveHeaders) =>
    api.request<EditableArticle>({ method: 'PATCH', path: article(id), body: input, headers: saveHeaders(headers) }),

  /** A live article goes to the trash; a trashed one is deleted for good. 409 when the server copy changed. */
  remove: (api: ApiClient, id: number, clientModifyDate: string) =>
    api.request<null>({ method: 'DELETE', path: article(id), query: { client_modify_date: clientModifyDate } }),

  restore: (api: ApiClient, id: number) => api.request<EditableArticle>({ method: 'POST', path: `${article(id)}restore/` }),

  /** The author's own articles, newest first, with the `fields` asked for; `next` is a page link the API gave earlier (it keeps them). */
  list: <F extends keyof EditorArticleListItem = keyof EditorArticleListItem>(api: ApiClient, query: EditorListQuery<F> = {}, next?: string) =>
    api.request<Page<Pick<EditorArticleListItem, F>>>(
      next
        ? pageRequest(next)
        : {
            method: 'GET',
            path: '/api/v2/articles/',
            query: {
              fields: query.fields?.join(','),
              trash: query.trash === undefined ? undefined : String(query.trash),
              page: query.page,
              page_size: query.pageSize ?? 20,
            },
          },
    ),

  shareLinks: (api: ApiClient, id: number) => api.request<ArticleShareLink[]>({ method: 'GET', path: `${article(id)}share_codes/` }),

  createShareLink: (api: ApiClient, id: number) => api.request<ArticleShareLink>({ method: 'POST', path: `${article(id)}share_codes/` }),

  /** The article's kept versions, newest first (docs/decisions/071). */
  versions: (api: ApiClient, id: number) => api.request<ArticleVersionSummary[]>({ method: 'GET', path: `${article(id)}versions/` }),

  /** One version as text, with what changed against the one before it or the current text. */
  version: (api: ApiClient, id: number, versionId: number, against: 'previous' | 'current') =>
    api.request<ArticleVersionDetail>({ method: 'GET', path: `${article(id)}versions/${versionId}/`, query: { against } }),

  /** Puts a version back, as a new version; answers the article as saved. */
  restoreVersion: (api: ApiClient, id: number, versionId: number) =>
    api.request<EditableArticle>({ method: 'POST', path: `${article(id)}versions/${versionId}/restore/` }),

  revokeShareLink: (api: ApiClient, id: number, code: string) =>
    api.request<null>({ method: 'DELETE', path: `${article(id)}share_codes/${encodeURIComponent(code)}/` }),
};

/** The server's copy carried by a refused save (409), or null when the error is something else. */
export function conflictingArticle(error: unknown): EditableArticle | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const body = error.data as Partial<ArticleConflictBody> | null;
  return body && typeof body === 'object' && body.article ? body.article : null;
}

/** Whether a call was refused because the server holds a newer version (save or delete). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409;
}

function saveHeaders(headers: SaveHeaders): Record<string, string> {
  return {
    'X-Client-Id': headers.clientId,
    ...(headers.baseModifyDate ? { 'X-Base-Modify-Date': headers.baseModifyDate } : {}),
    ...(headers.kind ? { 'X-Save-Kind': headers.kind } : {}),
  };
}
