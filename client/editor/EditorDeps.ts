import type { ApiClient } from '../api/client';
import type { TextLocale } from '../../shared/locale';
import type { TipsStore } from './tips/TipsStore';

/**
 * What every store of the editor chunk is built from. The editor page makes one set per
 * mount (client/editor/EditorRoot.ts); nothing of the editor lives in the RootStore, so
 * reader pages never load it.
 */
export interface EditorDeps {
  /** The one API client (the RootStore's). */
  api: ApiClient;
  /** The top tips and the tips queue (docs/specification/content-and-commerce.md §4). */
  tips: TipsStore;
  /** The interface language of the editor's texts. */
  locale: TextLocale;
  /** The clock; tests pass their own. */
  now: () => number;
}
