import type {
  BookletFormText,
  BookletItemChanges,
  BookletOrderNode,
  BookletReorderRequest,
  BookletTrashStatus,
  ManagedBooklet,
  ManagedBookletItem,
  NewBookletItem,
} from '../../shared/bookletManagement';
import { BOOKLET_PAGE_SIZE } from '../../shared/bookletManagement';
import type { Page } from '../../shared/entities';
import type { ApiClient } from './client';
import { pageRequest } from './pages';

/** The booklet form: text fields as typed (shared/bookletManagement.ts), the cover only when a new file was chosen. */
export interface BookletFormFields extends BookletFormText {
  cover?: Blob | null;
}

const one = (id: number) => `/api/booklet/${id}/`;

/** docs/specification/content-and-commerce.md §7, booklet management: the owner's list, forms, tree and items. */
export const bookletManagementApi = {
  /** The first page, or the page of an earlier `next` link (its host stripped). */
  list: (api: ApiClient, trashStatus: BookletTrashStatus, next?: string) =>
    api.request<Page<ManagedBooklet>>(
      next ? pageRequest(next) : { method: 'GET', path: '/api/booklets/', query: { page_size: BOOKLET_PAGE_SIZE, trash_status: trashStatus } },
    ),

  create: (api: ApiClient, fields: BookletFormFields) => api.request<ManagedBooklet>({ method: 'POST', path: '/api/booklets/', body: bookletForm(fields) }),

  update: (api: ApiClient, id: number, fields: BookletFormFields) => api.request<ManagedBooklet>({ method: 'PATCH', path: one(id), body: bookletForm(fields) }),

  /** To the trash; from the trash, for good. */
  remove: (api: ApiClient, id: number) => api.request<null>({ method: 'DELETE', path: `/api/booklets/${id}/` }),

  restore: (api: ApiClient, id: number) => api.request<ManagedBooklet>({ method: 'POST', path: `/api/booklets/${id}/restore/` }),

  /** The booklet with its tree, chapters of trashed articles left out. */
  detail: (api: ApiClient, id: number) => api.request<ManagedBooklet>({ method: 'GET', path: one(id), query: { hide_removed: 1 } }),

  reorder: (api: ApiClient, id: number, detail: BookletOrderNode[]) =>
    api.request<ManagedBooklet>({ method: 'PUT', path: one(id), body: { detail } satisfies BookletReorderRequest }),

  addItem: (api: ApiClient, id: number, item: NewBookletItem) => api.request<ManagedBookletItem>({ method: 'POST', path: `${one(id)}items/`, body: item }),

  updateItem: (api: ApiClient, id: number, itemId: number, changes: BookletItemChanges) =>
    api.request<ManagedBookletItem>({ method: 'PATCH', path: `${one(id)}items/${itemId}/`, body: changes }),

  removeItem: (api: ApiClient, id: number, itemId: number) => api.request<null>({ method: 'DELETE', path: `${one(id)}items/${itemId}/` }),
};

/** docs/specification/content-and-commerce.md §5: only the fields present, the cover only when it is a newly chosen file. */
export function bookletForm(fields: BookletFormFields): FormData {
  const form = new FormData();
  if (fields.name !== undefined) form.set('name', fields.name);
  if (fields.heading !== undefined) form.set('heading', fields.heading);
  if (fields.description !== undefined) form.set('description', fields.description);
  if (fields.price !== undefined) form.set('price', fields.price);
  if (fields.cover) form.set('cover', fields.cover, fields.cover instanceof File ? fields.cover.name : 'cover');
  return form;
}
