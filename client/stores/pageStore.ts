import type { makeStoreObservable } from './observable';
import type { PagedList, PagedListSnapshot } from './PagedList';
import type { PageSource } from './pageSource';
import type { RootStore } from './RootStore';

/** A page's own store, as the root sees it: its snapshot, and what it reads again after a sign-in. */
export interface PageStore<S = unknown> {
  toJSON(): S;
  /** After a sign-in that stays on the page (the overlay), as the article and the column refresh. */
  refresh?(): Promise<void>;
}

/**
 * What the root hands a page store (`stores.pages`). A page store lives in its page's chunk and
 * takes the entry's MobX helpers from here, and this module imports types only; the editor's chunk
 * takes its lists' `list` from here too (client/editor/EditorRoot.ts). (The rule came from the
 * Rolldown build, which split a package out of the entry when a lazy chunk imported it too,
 * docs/decisions/032; esbuild's one shell chunk, docs/decisions/057, has no such split.)
 */
export interface PageStoreKit {
  /** `new PagedList(source, snapshot)`. */
  list<T extends { readonly id: string | number }>(source: PageSource<T>, snapshot?: PagedListSnapshot<T>): PagedList<T>;
  /** `makeStoreObservable`: plain while the server renders. */
  readonly observe: typeof makeStoreObservable;
}

/**
 * Declares a page's own store, in the page's chunk: `const walletStore = pageStore('profile-wallet', …)`,
 * then `walletStore(stores)` in the loader and in the component. One is made per RootStore on
 * first use: by the loader (on the server, and in the browser on navigation), or while the
 * browser hydrates, from the snapshot the server wrote under the same key.
 */
export function pageStore<S, T extends PageStore<S>>(key: string, create: (stores: RootStore, snapshot: S | undefined) => T): (stores: RootStore) => T {
  const made = new WeakMap<RootStore, T>();
  return (stores) => {
    const known = made.get(stores);
    if (known) return known;
    // The server wrote it from the same store's toJSON (S), in this build.
    const store = create(stores, stores.pages.snapshotOf(key) as S | undefined);
    made.set(stores, store);
    stores.pages.keep(key, store);
    return store;
  };
}
