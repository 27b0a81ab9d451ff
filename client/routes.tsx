import type { RouteObject } from './routing/router';
import { Layout } from './components/Layout';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { PAGE_NAMES, pageFacts } from './routing/pageModules';
import { pageRoute, withBackendStatus, type StoresOf } from './routing/pageRoute';

export interface RouteTableOptions {
  /** Extra routes under the root, for tests driving createApp (never set in production). */
  extraRoutes?: (getStores: StoresOf) => RouteObject[];
}

/** The route table, built from the page declarations (client/routing/pageModules.ts); every page is lazy. */
export function createRoutes(getStores: StoresOf, options: RouteTableOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Layout,
      ErrorBoundary: RootErrorBoundary,
      // Who is reading, for the header and the guards; sign-in and sign-out update it directly.
      loader: async ({ request }) => {
        await withBackendStatus(getStores(request).account.ensureLoaded());
        return null;
      },
      shouldRevalidate: () => false,
      children: [...pageRoutes(getStores, undefined), ...(options.extraRoutes?.(getStores) ?? [])],
    },
  ];
}

/** The routes of the pages declared inside `parent` (the root's when undefined), in declaration order. */
function pageRoutes(getStores: StoresOf, parent: string | undefined): RouteObject[] {
  return PAGE_NAMES.filter((name) => pageFacts(name).parent === parent).flatMap((name): RouteObject[] => {
    const { path, validate, variants } = pageFacts(name);
    if (variants) {
      return variants.map((variant) => ({
        path: `${path}/${variant.path}`,
        ...pageRoute(getStores, name, { id: variant.id, titleKey: `screen.${variant.id}.title` }),
      }));
    }
    const children = pageRoutes(getStores, name);
    const route = pageRoute(getStores, name, { validate });
    if (path === '') return [{ index: true, ...route }];
    return [{ path, ...route, ...(children.length > 0 ? { children } : {}) }];
  });
}
