import { describe, expect, it } from 'vitest';
import { PAGES, pageFacts, type PageName } from '../../../client/routing/pageModules';
import { isCachedRoute, pageDependencies } from './dependencies';

describe('what cached pages depend on', () => {
  it('is known for every page declared cached, so that the cache can drop it when that changes', () => {
    const params = { slug: 'some-slug', column: '@ann' };
    const cached = (Object.keys(PAGES) as PageName[]).filter((name) => pageFacts(name).cache !== undefined);
    expect(cached.length).toBeGreaterThan(0);
    for (const name of cached) {
      expect(pageDependencies({ routeIds: ['root', name], params, articleAuthor: 'ann', failed: false }), name).not.toBeNull();
    }
  });

  it('takes the cached kinds of page from the declarations', () => {
    expect(isCachedRoute('/article/some-slug/')).toBe(true);
    expect(isCachedRoute('/@ann/articles')).toBe(true);
    expect(isCachedRoute('/profile/orders')).toBe(false);
    expect(isCachedRoute('/booklet/some-slug/chapter-one')).toBe(false);
  });
});
