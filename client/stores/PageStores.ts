import { makeStoreObservable } from './observable';
import { PagedList, type PagedListSnapshot } from './PagedList';
import type { PageSource } from './pageSource';
import type { PageStore, PageStoreKit } from './pageStore';

/**
 * The page stores made for one RootStore (`pageStore()` in client/stores/pageStore.ts;
 * client/routing/pageRoute.ts says when a page has one): kept for the snapshot the server
 * writes, started in the browser from that snapshot, and refreshed after a sign-in.
 */
export class PageStores implements PageStoreKit {
  readonly observe = makeStoreObservable;
  private readonly made = new Map<string, PageStore>();

  constructor(private readonly snapshots: Readonly<Record<string, unknown>> = {}) {}

  list<T extends { readonly id: string | number }>(source: PageSource<T>, snapshot?: PagedListSnapshot<T>): PagedList<T> {
    return new PagedList(source, snapshot);
  }

  snapshotOf(key: string): unknown {
    return Object.hasOwn(this.snapshots, key) ? this.snapshots[key] : undefined;
  }

  keep(key: string, store: PageStore): void {
    if (this.made.has(key)) throw new Error(`two page stores named ${key}`);
    this.made.set(key, store);
  }

  /** Each page store that reads something per reader reads it again; failures are its own to show. */
  async refresh(): Promise<void> {
    await Promise.all([...this.made.values()].flatMap((store) => (store.refresh ? [store.refresh().catch(() => {})] : [])));
  }

  /** The snapshots of the page stores made, or nothing when there are none (most pages). */
  toJSON(): Record<string, unknown> | undefined {
    if (this.made.size === 0) return undefined;
    return Object.fromEntries([...this.made].map(([key, store]) => [key, store.toJSON()]));
  }
}
