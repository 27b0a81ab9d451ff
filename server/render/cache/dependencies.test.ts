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

  it('follows what each page shows, and keeps no page whose params do not say', () => {
    const of = (page: string, params: Record<string, string>, articleAuthor: string | null = null) =>
      pageDependencies({ routeIds: ['root', page], params, articleAuthor, failed: false });
    expect(of('found', {})).toEqual({ keys: ['feed'], authors: [], booklet: null, viewsOf: null });
    expect(of('article', { slug: 'rain' }, 'ann')).toEqual({ keys: ['article:rain', 'author:ann'], authors: ['ann'], booklet: null, viewsOf: 'rain' });
    expect(of('column-collections', { column: '@ann' })).toEqual({ keys: ['author:ann'], authors: ['ann'], booklet: null, viewsOf: null });
    expect(of('booklet-overview', { slug: 'notes' })).toEqual({ keys: ['booklet:notes'], authors: [], booklet: 'notes', viewsOf: null });
    expect([of('article', { slug: 'rain' }), of('column-home', { column: 'ann' }), of('booklet-chapter', { slug: 'notes' }), of('static-guide', {})]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(pageDependencies({ routeIds: ['root', 'home'], params: {}, articleAuthor: null, failed: true })).toBeNull();
  });

  it('takes the cached kinds of page from the declarations', () => {
    expect(isCachedRoute('/article/some-slug/')).toBe(true);
    expect(isCachedRoute('/@ann/articles')).toBe(true);
    expect(isCachedRoute('/profile/orders')).toBe(false);
    expect(isCachedRoute('/booklet/some-slug/chapter-one')).toBe(false);
  });
});
