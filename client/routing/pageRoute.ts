/*
 * How a page gets its data, one way:
 * - The page module's `loader` loads it into a store; components only read stores (no fetching
 *   in effects, no fetched data in useState). The loader runs on the server for the first request,
 *   signed-in pages too (their guard has read the account first), and the store's snapshot carries
 *   the data to hydration; in the browser it runs on each later navigation, a new `?page=` included.
 * - Data of the whole site lives in RootStore's stores (article, column, booklet, feed); a page's own
 *   in a page store declared with `pageStore()` (client/stores/pageStore.ts) in the page's chunk,
 *   which takes MobX helpers and lists from `stores.pages`, never from entry modules (decision 032).
 * - A loader throws only when the page cannot be shown (not found, forbidden: the error screen with
 *   the backend's status); a failure the page reports itself is kept in its store (the wallet's alert).
 * - A list read page by page is a `PagedList` (client/stores/PagedList.ts).
 * - The one alternative, for data the server must not render: what is browser-only by the seeds
 *   (notifications, docs/specification/shell.md §8; an article's comments), what only the browser knows (its storage, the
 *   payment login's open id) and what the reader's typing asks for (redeem, SMS code). It too lives in a
 *   store; the component starts it in a `useEffect` after hydration, and the server renders the empty state.
 */
import { data, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router-dom';
import { ApiRequestError } from '../api/client';
import type { MessageKey } from '../i18n/en';
import type { RootStore } from '../stores/RootStore';
import { runGuards } from './guards';
import { loadChunk } from './loadChunk';
import { pageFacts, type PageModule, type PageName, type PageRequest } from './pageModules';

export interface RouteHandle {
  page: PageName;
  titleKey: MessageKey;
}

export interface PageRouteOptions {
  /** Route id; defaults to the page name (pages used by several routes need their own). */
  id?: string;
  titleKey?: MessageKey;
  /** Guards instead of the page's declared ones (client/routing/pageModules.ts); tests use it. */
  guards?: readonly string[];
  /** The route's validity check: false renders the 404 screen. */
  validate?: (params: Params) => boolean;
}

/**
 * The stores a page request's loaders fill: the browser has one set for the tab; the server one
 * per request, found by the request its loaders are given.
 */
export type StoresOf = (request: PageRequest) => RootStore;

/** The parts of a route object a page contributes; the table adds path, index and children. */
export type PageRouteParts = Pick<RouteObject, 'id' | 'handle' | 'lazy' | 'Component' | 'loader'>;

/** Page modules already in the bundle that loads the table (client/routing/readerPages.ts): their routes are not lazy. */
export type LoadedPages = Partial<Record<PageName, PageModule>>;

/**
 * The route of one page, lazily loaded unless its module is among `loaded`. Its loader checks
 * validity, runs the guards, then the page's own loader, and returns null (never undefined: the
 * router would run it again on hydration).
 */
export function pageRoute(getStores: StoresOf, page: PageName, options: PageRouteOptions = {}, loaded: LoadedPages = {}): PageRouteParts {
  const handle: RouteHandle = { page, titleKey: options.titleKey ?? (`screen.${page}.title` satisfies MessageKey) };
  const parts = (module: PageModule) => ({
    Component: module.default,
    loader: async ({ params, request }: LoaderFunctionArgs) => {
      if (options.validate && !options.validate(params)) {
        throw data('Not Found', { status: 404, statusText: 'Not Found' });
      }
      const stores = getStores(request);
      await withBackendStatus(runGuards(options.guards ?? pageFacts(page).guards ?? [], { stores, request }));
      await withBackendStatus(module.loader?.({ stores, params, request }));
      return null;
    },
  });
  const module = loaded[page];
  if (module) return { id: options.id ?? page, handle, ...parts(module) };
  return {
    id: options.id ?? page,
    handle,
    lazy: async () => parts(await loadChunk(pageFacts(page).module)),
  };
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle && 'titleKey' in handle;
}

/**
 * A failed backend call inside a loader becomes a route error with the call's status
 * (a backend that did not answer: 502, or 504 when it timed out), so the error
 * screen renders with that status instead of a generic 500.
 */
export async function withBackendStatus(work: Promise<void> | void): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const status = error.status >= 400 ? error.status : error.timedOut ? 504 : 502;
    throw data(error.message, { status });
  }
}
