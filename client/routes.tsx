import { data, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { PAGE_NAMES, pageFacts } from './routing/pageModules';
import { pageRoute, withBackendStatus, type LoadedPages, type StoresOf } from './routing/pageRoute';

export interface RouteTableOptions {
  /** Extra routes under the root, for tests driving createApp (never set in production). */
  extraRoutes?: (getStores: StoresOf) => RouteObject[];
  /** Page modules already loaded (the browser's reader pages, client/routing/readerPages.ts): their routes are not lazy. */
  loaded?: LoadedPages;
}

/** The route of every path no page declares: the root's loader runs too, so a signed-in reader's 404 keeps their header. */
export const NOT_FOUND_ROUTE: RouteObject = {
  id: 'not-found',
  path: '*',
  // Never shown: its loader's 404 renders the root's error screen.
  element: null,
  loader: ({ request }) => {
    throw data(`Error: No route matches URL "${new URL(request.url).pathname}"`, { status: 404, statusText: 'Not Found' });
  },
};

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
      children: [...pageRoutes(getStores, undefined, options.loaded ?? {}), ...(options.extraRoutes?.(getStores) ?? []), NOT_FOUND_ROUTE],
    },
  ];
}

/** The routes of the pages declared inside `parent` (the root's when undefined), in declaration order. */
function pageRoutes(getStores: StoresOf, parent: string | undefined, loaded: LoadedPages): RouteObject[] {
  return PAGE_NAMES.filter((name) => pageFacts(name).parent === parent).flatMap((name): RouteObject[] => {
    const { path, validate, variants } = pageFacts(name);
    if (variants) {
      return variants.map((variant) => ({
        path: `${path}/${variant.path}`,
        ...pageRoute(getStores, name, { id: variant.id, titleKey: `screen.${variant.id}.title` }, loaded),
      }));
    }
    const children = pageRoutes(getStores, name, loaded);
    const route = pageRoute(getStores, name, { validate }, loaded);
    if (path === '') return [{ index: true, ...route }];
    return [{ path, ...route, ...(children.length > 0 ? { children } : {}) }];
  });
}
