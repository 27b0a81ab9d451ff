import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../routes';
import { fixedIndexablePaths, isIndexable, isPageName, PAGE_NAMES, pageChain, pageFacts } from './pageModules';
import { isRouteHandle } from './pageRoute';

const routes = createRoutes(() => {
  throw new Error('only matched here');
});

/** The page names a path renders, outermost first. */
function pagesAt(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.handle).flatMap((handle: unknown) => (isRouteHandle(handle) ? [handle.page] : []));
}

function routePaths(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const here = route.index ? `${base}(index)` : `${base}${route.path ?? ''}`;
    return [here, ...routePaths(route.children ?? [], route.path === '/' ? '/' : `${here}/`)];
  });
}

describe('the page declarations', () => {
  it('never index a guarded page', () => {
    for (const name of PAGE_NAMES) if ((pageFacts(name).guards ?? []).length > 0) expect(isIndexable(name), name).toBe(false);
    expect(isIndexable('profile-orders')).toBe(false);
    expect(isIndexable('article')).toBe(true);
  });

  it('name only declared pages as parents, declared before their children', () => {
    for (const name of PAGE_NAMES) {
      const parent = pageFacts(name).parent;
      if (parent === undefined) continue;
      expect(isPageName(parent), name).toBe(true);
      expect(PAGE_NAMES.indexOf(name)).toBeGreaterThan(PAGE_NAMES.findIndex((other) => other === parent));
    }
    expect(pageChain('column-articles')).toEqual(['column', 'column-articles']);
  });

  it('build the route table of docs/specification/shell.md §2', () => {
    expect(pagesAt('/')).toEqual(['home']);
    expect(pagesAt('/article/a-slug/')).toEqual(['article']);
    expect(pagesAt('/article/a-slug/review')).toEqual(['article-review']);
    expect(pagesAt('/booklet/b/')).toEqual(['booklet', 'booklet-overview']);
    expect(pagesAt('/booklet/b/c1')).toEqual(['booklet', 'booklet-chapter']);
    expect(pagesAt('/@ann/')).toEqual(['column', 'column-home']);
    expect(pagesAt('/@ann/collections/')).toEqual(['column', 'column-collections']);
    expect(pagesAt('/page/privacy/cn/')).toEqual(['static']);
    expect(pagesAt('/page/guide')).toEqual(['static']);
    expect(pagesAt('/profile/orders/')).toEqual(['profile-orders']);
    expect(routePaths(routes)).toContain('/page/withdraw/rules');
    expect(routePaths(routes)).toContain('/booklet/:slug?/(index)');
    expect(routePaths(routes)).not.toContain('/page');
  });

  it('give the sitemap every indexable page without params, and only those', () => {
    const paths = fixedIndexablePaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/found/', '/business/', '/page/service/terms/', '/page/guide/']));
    for (const path of paths) expect(path).not.toMatch(/:|\/\//);
    expect(paths).not.toContain('/sign/in/');
    expect(paths).not.toContain('/profile/wallet/');
    expect(paths).not.toContain('/editor/');
  });
});
