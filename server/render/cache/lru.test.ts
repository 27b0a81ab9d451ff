import { describe, expect, it } from 'vitest';
import { PageLru } from './lru';
import type { CachedPage } from './page';

function page(bytes: number, keys: string[], expiresAt = Number.MAX_SAFE_INTEGER): CachedPage {
  const body = Buffer.alloc(Math.floor(bytes / 3));
  return { identity: body, gzip: body, br: body, etag: 'W/"x"', keys, viewsOf: null, expiresAt, shared: null, bytes };
}

describe('the page LRU', () => {
  it('evicts the least recently used pages past its byte bound', () => {
    const lru = new PageLru(1000);
    lru.set('a', page(240, ['feed']));
    lru.set('b', page(240, ['feed']));
    lru.set('c', page(240, ['feed']));
    lru.set('d', page(240, ['feed']));
    expect(lru.get('a', 0)).toBeDefined();
    lru.set('e', page(240, ['feed']));
    expect(lru.get('b', 0)).toBeUndefined();
    expect(lru.get('a', 0)).toBeDefined();
    expect(lru.bytes).toBeLessThanOrEqual(1000);
  });

  it('drops the pages of a content key, and pages past their deadline', () => {
    const lru = new PageLru(10_000);
    lru.set('article', page(30, ['article:x', 'author:ann']));
    lru.set('column', page(30, ['author:ann']));
    lru.set('home', page(30, ['feed'], 100));
    expect(lru.dropContent(['author:ann'])).toBe(2);
    expect(lru.size).toBe(1);
    expect(lru.get('home', 99)).toBeDefined();
    expect(lru.get('home', 100)).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it('does not keep a page larger than a quarter of the bound', () => {
    const lru = new PageLru(1000);
    lru.set('big', page(300, ['feed']));
    expect(lru.size).toBe(0);
  });

  it('indexes a replaced page by its new content keys only', () => {
    const lru = new PageLru(10_000);
    lru.set('article', page(30, ['article:x', 'author:ann']));
    lru.set('article', page(30, ['article:x', 'author:ben']));
    expect(lru.dropContent(['author:ann'])).toBe(0);
    expect(lru.dropContent(['author:ben'])).toBe(1);
    expect(lru.bytes).toBe(0);
    lru.set('article', page(30, ['article:x']));
    lru.clear();
    lru.set('other', page(30, ['feed']));
    expect(lru.dropContent(['article:x'])).toBe(0);
    expect(lru.size).toBe(1);
  });
});
