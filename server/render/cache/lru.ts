import type { CachedPage } from './page';

/**
 * Pages by request key, least recently used first out when the bytes pass the bound;
 * an index from content key to request keys drops every page that shows a changed thing.
 */
export class PageLru {
  private readonly pages = new Map<string, CachedPage>();
  private readonly byContent = new Map<string, Set<string>>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.used;
  }

  /** Whether a page is held for the key (live or not yet dropped), without touching its place. */
  has(key: string): boolean {
    return this.pages.has(key);
  }

  /** The live page of a key, marked as recently used; an expired one is dropped. */
  get(key: string, now: number): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now >= page.expiresAt) {
      this.delete(key);
      return undefined;
    }
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    // A page larger than a quarter of the cache would evict too much to be worth keeping.
    if (page.bytes + key.length > this.maxBytes / 4) return;
    this.pages.set(key, page);
    this.used += page.bytes + key.length;
    for (const content of page.keys) {
      let keys = this.byContent.get(content);
      if (!keys) this.byContent.set(content, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest] of this.pages) {
      if (this.used <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops every page that shows one of the content keys; answers how many. */
  dropContent(contentKeys: Iterable<string>): number {
    let dropped = 0;
    for (const content of contentKeys) {
      for (const key of this.byContent.get(content) ?? []) {
        if (this.delete(key)) dropped += 1;
      }
    }
    return dropped;
  }

  delete(key: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    this.pages.delete(key);
    this.used -= page.bytes + key.length;
    for (const content of page.keys) {
      const keys = this.byContent.get(content);
      keys?.delete(key);
      if (keys?.size === 0) this.byContent.delete(content);
    }
    return true;
  }

  clear(): void {
    this.pages.clear();
    this.byContent.clear();
    this.used = 0;
  }
}
