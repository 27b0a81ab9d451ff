import type { EditorColor, EditorFont } from '../../shared/entities';
import type { ApiClient } from './client';

/** docs/specification/content-and-commerce.md §7: the editor's fonts and colours (no sign-in needed). */
export const editorAssetsApi = {
  fonts: (api: ApiClient) => api.request<EditorFont[]>({ method: 'GET', path: '/api/fonts/' }),
  colors: (api: ApiClient) => api.request<EditorColor[]>({ method: 'GET', path: '/api/colors/' }),
};
