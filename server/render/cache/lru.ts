import { LRUCache } from 'lru-cache';
import type { CachedPage } from './page';

/**
 * Pages by request key, least recently used first out when the bytes pass the bound
 * (lru-cache); an index from content key to request keys drops every page that shows a
 * changed thing. A page past its deadline is dropped when asked for (the deadline is ours:
 * tests move the clock).
 */
export class PageLru {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly byContent = new Map<string, Set<string>>();

  constructor(maxBytes: number) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      // A page larger than a quarter of the cache would evict too much to be worth keeping.
      maxEntrySize: maxBytes / 4,
      sizeCalculation: (page, key) => page.bytes + key.length,
      // Every way out (evicted, replaced, deleted, cleared) leaves the content index.
      dispose: (page, key) => this.unindex(key, page),
    });
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }

  /** Whether a page is held for the key (live or not yet dropped), without touching its place. */
  has(key: string): boolean {
    return this.pages.has(key);
  }

  /** The live page of a key, marked as recently used; an expired one is dropped. */
  get(key: string, now: number): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && now >= page.expiresAt) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
    if (this.pages.peek(key) !== page) return;
    for (const content of page.keys) {
      let keys = this.byContent.get(content);
      if (!keys) this.byContent.set(content, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops every page that shows one of the content keys; answers how many. */
  dropContent(contentKeys: Iterable<string>): number {
    let dropped = 0;
    for (const content of contentKeys) {
      for (const key of [...(this.byContent.get(content) ?? [])]) {
        if (this.pages.delete(key)) dropped += 1;
      }
    }
    return dropped;
  }

  delete(key: string): boolean {
    return this.pages.delete(key);
  }

  clear(): void {
    this.pages.clear();
  }

  private unindex(key: string, page: CachedPage): void {
    for (const content of page.keys) {
      const keys = this.byContent.get(content);
      keys?.delete(key);
      if (keys?.size === 0) this.byContent.delete(content);
    }
  }
}
