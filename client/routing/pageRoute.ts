import { data, type LoaderFunctionArgs, type NonIndexRouteObject, type Params } from 'react-router-dom';
import type { MessageKey } from '../i18n/en';
import type { RootStore } from '../stores/RootStore';
import { runGuards } from './guards';
import { loadChunk } from './loadChunk';
import { PAGE_MODULES, type PageModule, type PageName } from './pageModules';

export interface RouteHandle {
  page: PageName;
  titleKey: MessageKey;
}

export interface PageRouteOptions {
  /** Route id; defaults to the page name (pages used by several routes need their own). */
  id?: string;
  titleKey?: MessageKey;
  /** Named guards (seed 000 §2), run before the page's loader. */
  guards?: readonly string[];
  /** The route's validity check: false renders the 404 screen. */
  validate?: (params: Params) => boolean;
}

/** The parts of a route object a page contributes; the table adds path, index and children. */
export type PageRouteParts = Pick<NonIndexRouteObject, 'id' | 'handle' | 'lazy'>;

/**
 * A lazily loaded route for one page. Its loader checks validity, runs the guards,
 * then the page's own loader, and returns null (never undefined: the router would
 * run it again on hydration).
 */
export function pageRoute(getStores: () => RootStore, page: PageName, options: PageRouteOptions = {}): PageRouteParts {
  const handle: RouteHandle = { page, titleKey: options.titleKey ?? (`screen.${page}.title` satisfies MessageKey) };
  return {
    id: options.id ?? page,
    handle,
    lazy: async () => {
      const module: PageModule = await loadChunk(PAGE_MODULES[page]);
      return {
        Component: module.default,
        loader: async ({ params, request }: LoaderFunctionArgs) => {
          if (options.validate && !options.validate(params)) {
            throw data('Not Found', { status: 404, statusText: 'Not Found' });
          }
          const stores = getStores();
          await runGuards(options.guards ?? [], { stores, request });
          await module.loader?.({ stores, params, request });
          return null;
        },
      };
    },
  };
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle && 'titleKey' in handle;
}
